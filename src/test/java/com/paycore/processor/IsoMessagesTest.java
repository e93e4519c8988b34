package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The message rules of gateway 2 that need no host. */
class IsoMessagesTest {

    @Test
    void eachRequestOfSection12IsAnsweredByItsTablesMti() {
        Map<String, String> table = Map.of("0100", "0110", "0200", "0210", "0201", "0210", "0220", "0230",
                "0221", "0230", "0400", "0410", "0401", "0410", "0800", "0810");
        table.forEach((request, answer) -> assertEquals(answer, IsoMessages.answerTo(request), request));
    }

    @Test
    void anAnswerOrAMessageNoAnswerFollowsHasNone() {
        for (String mti : List.of("0110", "0210", "0230", "0410", "0810", "0102", "0140", "01", "01x0", "")) {
            assertNull(IsoMessages.answerTo(mti), mti);
        }
        assertNull(IsoMessages.answerTo(null));
    }
}
