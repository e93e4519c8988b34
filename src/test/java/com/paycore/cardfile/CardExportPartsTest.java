package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class CardExportPartsTest {

    @Test
    void bytesAreCutIntoFullPartsInOrderAndTheLastOneComesWithClose() throws IOException {
        List<Integer> seqs = new ArrayList<>();
        List<byte[]> parts = new ArrayList<>();
        CardExportParts out = new CardExportParts((seq, bytes) -> {
            seqs.add(seq);
            parts.add(bytes);
        }, 4);
        byte[] message = "0123456789".getBytes();
        out.write(message, 0, 3);
        out.write('3');
        assertEquals(1, parts.size(), "a part goes as soon as it is full");
        out.write(message, 4, 6);
        assertEquals(2, parts.size());
        out.close();
        out.close();
        assertEquals(List.of(0, 1, 2), seqs);
        assertEquals(List.of(4, 4, 2), parts.stream().map(p -> p.length).toList());
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        parts.forEach(joined::writeBytes);
        assertArrayEquals(message, joined.toByteArray());
        assertEquals(10, out.bytes());
        assertEquals(3, out.parts());
    }

    @Test
    void aMessageEndingAtAPartsEndHasNoEmptyLastPart() throws IOException {
        List<byte[]> parts = new ArrayList<>();
        CardExportParts out = new CardExportParts((seq, bytes) -> parts.add(bytes), 4);
        out.write(new byte[8], 0, 8);
        out.close();
        assertEquals(2, parts.size());
        assertEquals(2, out.parts());
    }
}
