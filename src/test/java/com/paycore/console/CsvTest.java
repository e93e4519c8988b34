package com.paycore.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void plainFieldsAreWrittenAsTheyAreWithCrlf() {
        assertEquals("Shop,3,37.02\r\n", Csv.line(List.of("Shop", "3", "37.02"), Set.of(0)));
    }

    @Test
    void commasQuotesAndLineBreaksAreQuoted() {
        assertEquals("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n",
                Csv.line(List.of("a,b", "say \"hi\"", "two\nlines", ""), Set.of()));
    }

    @Test
    void textThatReadsAsAFormulaGetsAnApostropheButNumbersDoNot() {
        assertEquals("'=HYPERLINK(1),'+1,'@x,'-2,-2\r\n",
                Csv.line(List.of("=HYPERLINK(1)", "+1", "@x", "-2", "-2"), Set.of(0, 1, 2, 3)));
    }
}
