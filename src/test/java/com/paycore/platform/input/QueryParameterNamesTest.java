package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The registry is global static state: every test uses names of its own. */
class QueryParameterNamesTest {

    @Test
    void declaredNameIsFoundInAnyCase() {
        QueryParameterNames.register("qpnTestCompanyName", "qpnTestCompanyName");
        assertEquals(Set.of("qpnTestCompanyName"), QueryParameterNames.declaredFor("qpnTestCompanyName"));
        assertEquals(Set.of("qpnTestCompanyName"), QueryParameterNames.declaredFor("QPNTESTCOMPANYNAME"));
        assertEquals(Set.of("qpnTestCompanyName"), QueryParameterNames.declaredFor("qpntestcompanyname"));
    }

    @Test
    void aliasStandsForTheDeclaredName() {
        QueryParameterNames.register("qpnTestLimit", "qpnTestLimit");
        QueryParameterNames.register("qpn_test_max", "qpnTestLimit");
        assertEquals(Set.of("qpnTestLimit"), QueryParameterNames.declaredFor("QPN_TEST_MAX"));
    }

    @Test
    void oneSpellingCanStandForSeveralDeclaredNames() {
        QueryParameterNames.register("qpnTestSort", "qpnTestSort");
        QueryParameterNames.register("QPNTESTSORT", "QPNTESTSORT");
        QueryParameterNames.register("qpnTestSort", "qpnTestSort");
        assertEquals(Set.of("qpnTestSort", "QPNTESTSORT"), QueryParameterNames.declaredFor("QpnTestSort"));
    }

    @Test
    void unknownSpellingGivesEmptySet() {
        assertTrue(QueryParameterNames.declaredFor("qpnTestNeverRegistered").isEmpty());
    }

    @Test
    void matchingDoesNotDependOnTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            // In Turkish, "I".toLowerCase() is a dotless i: "qpnTestUserId" and "qpntestuserid" would differ.
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            QueryParameterNames.register("qpnTestUserId", "qpnTestUserId");
            assertEquals(Set.of("qpnTestUserId"), QueryParameterNames.declaredFor("qpntestuserid"));
            assertEquals(Set.of("qpnTestUserId"), QueryParameterNames.declaredFor("QPNTESTUSERID"));
        } finally {
            Locale.setDefault(saved);
        }
    }
}
