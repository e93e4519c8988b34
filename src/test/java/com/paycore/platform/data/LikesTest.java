package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;

import org.junit.jupiter.api.Test;

class LikesTest {

    @Test
    void escapesWildcardsAndTheEscapeCharacter() {
        assertEquals("plain", Likes.escape("plain"));
        assertEquals("50\\%", Likes.escape("50%"));
        assertEquals("a\\_b", Likes.escape("a_b"));
        assertEquals("c:\\\\dir", Likes.escape("c:\\dir"));
        // The backslash is escaped first, so escapes added for % and _ are not doubled.
        assertEquals("\\\\\\%\\\\\\_", Likes.escape("\\%\\_"));
        assertEquals("", Likes.escape(""));
    }

    @Test
    void containsTrimsLowerCasesAndWraps() {
        assertEquals("%acme%", Likes.contains("  ACME "));
        assertEquals("%100\\% a\\_b%", Likes.contains("100% A_B"));
        assertEquals("%%", Likes.contains("   "));
    }

    @Test
    void containsLowerCasesIndependentlyOfTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            assertEquals("%india%", Likes.contains("INDIA"));
        } finally {
            Locale.setDefault(saved);
        }
    }
}
