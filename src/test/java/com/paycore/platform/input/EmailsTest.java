package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EmailsTest {

    /** Counts how often the matcher looks at a character: backtracking shows as work growing faster than the input. */
    static final class Counting implements CharSequence {
        private final String text;
        long reads;

        Counting(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    @Test
    void acceptsOrdinaryAddresses() {
        for (String email : new String[] {"a@b.co", "first.last+tag@mail.example.com", "x_y@sub.domain.org"}) {
            assertTrue(Emails.isValid(email), email);
        }
    }

    @Test
    void refusesMalformedAddresses() {
        for (String email : new String[] {"", "ab.co", "a@b", "a@@b.co", "a b@c.de", "a@b..co", "a@.b.co", "a@b.co.",
                "a@b.c@d.ef", "@b.co"}) {
            assertFalse(Emails.isValid(email), email);
        }
    }

    /** The shape that takes a backtracking pattern ([^@\s]+\.[^@\s]+) tens of seconds at 80,000 characters: a@....@ */
    @Test
    void thePatternDoesNotBacktrackOnDotsBetweenTwoAtSigns() {
        for (int dots : new int[] {200, 2_000}) {
            Counting input = new Counting("a@" + ".".repeat(dots) + "@");
            assertFalse(Emails.PATTERN.matcher(input).matches());
            assertTrue(input.reads <= 4L * input.length(), dots + " dots: " + input.reads + " character reads");
        }
        Counting longValid = new Counting("a@" + "b.".repeat(1_000) + "co");
        assertTrue(Emails.PATTERN.matcher(longValid).matches());
        assertTrue(longValid.reads <= 4L * longValid.length(), longValid.reads + " character reads");
    }

    @Test
    void anOversizedValueNeverReachesThePattern() {
        Counting oversized = new Counting("a@" + ".".repeat(80_000) + "@");
        assertFalse(Emails.isValid(oversized));
        assertEquals(0, oversized.reads);
        assertFalse(Emails.isValid("a@" + "b".repeat(Emails.MAX_LENGTH) + ".co"));
    }
}
