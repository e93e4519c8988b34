package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

class CopyTextTest {

    @Test
    void aPlainInsertBecomesTheCopyOfItsTableAndColumns() {
        assertEquals("copy card_file_results (file_id, first_row, lines) from stdin",
                CopyText.copyOf("insert into card_file_results (file_id, first_row, lines) values (?, ?, ?)"));
    }

    @Test
    void anyOtherStatementIsRefused() {
        for (String other : List.of("insert into t (a) select 1", "insert into t (a) values (?); drop table t",
                "update t set a = ?", "insert into t (a) values (?), (?)")) {
            assertThrows(IllegalArgumentException.class, () -> CopyText.copyOf(other), other);
        }
    }

    @Test
    void valuesAreWrittenAsCopysTextFormatReadsThem() throws IOException {
        UUID id = UUID.fromString("0190e0b8-0000-7000-8000-000000000001");
        OffsetDateTime at = OffsetDateTime.of(2026, 11, 28, 3, 17, 5, 191_000_000, ZoneOffset.ofHours(2));
        byte[] text = copy(List.of(
                new Object[] {id, "a\tb\\c\nd\re", null, 42, 7L, true, false, at, new byte[] {1, (byte) 0xab}},
                new Object[] {"Zoë", "", "\\N"}));
        assertEquals("0190e0b8-0000-7000-8000-000000000001\ta\\tb\\\\c\\nd\\re\t\\N\t42\t7\tt\tf\t"
                + "2026-11-28T03:17:05.191+02:00\t\\\\x01ab\nZoë\t\t\\\\N\n", new String(text, StandardCharsets.UTF_8));
    }

    @Test
    void aValueOfAnotherTypeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> copy(List.<Object[]>of(new Object[] {new Object()})));
    }

    private static byte[] copy(List<Object[]> rows) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CopyText.write(rows, out);
        return out.toByteArray();
    }
}
