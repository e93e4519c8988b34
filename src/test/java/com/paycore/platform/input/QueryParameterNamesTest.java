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
        QueryParameterNames.register("adm", "qpnTestCompanyName", "qpnTestCompanyName");
        assertEquals(Set.of("qpnTestCompanyName"), QueryParameterNames.declaredFor("adm", "qpnTestCompanyName"));
        assertEquals(Set.of("qpnTestCompanyName"), QueryParameterNames.declaredFor("adm", "QPNTESTCOMPANYNAME"));
        assertEquals(Set.of("qpnTestCompanyName"), QueryParameterNames.declaredFor("adm", "qpntestcompanyname"));
    }

    @Test
    void aliasStandsForTheDeclaredName() {
        QueryParameterNames.register("adm", "qpnTestLimit", "qpnTestLimit");
        QueryParameterNames.register("adm", "qpn_test_max", "qpnTestLimit");
        assertEquals(Set.of("qpnTestLimit"), QueryParameterNames.declaredFor("adm", "QPN_TEST_MAX"));
    }

    @Test
    void oneSpellingCanStandForSeveralDeclaredNames() {
        QueryParameterNames.register("adm", "qpnTestSort", "qpnTestSort");
        QueryParameterNames.register("adm", "QPNTESTSORT", "QPNTESTSORT");
        QueryParameterNames.register("adm", "qpnTestSort", "qpnTestSort");
        assertEquals(Set.of("qpnTestSort", "QPNTESTSORT"), QueryParameterNames.declaredFor("adm", "QpnTestSort"));
    }

    @Test
    void unknownSpellingGivesEmptySet() {
        assertTrue(QueryParameterNames.declaredFor("adm", "qpnTestNeverRegistered").isEmpty());
    }

    @Test
    void matchingDoesNotDependOnTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            // In Turkish, "I".toLowerCase() is a dotless i: "qpnTestUserId" and "qpntestuserid" would differ.
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            QueryParameterNames.register("adm", "qpnTestUserId", "qpnTestUserId");
            assertEquals(Set.of("qpnTestUserId"), QueryParameterNames.declaredFor("adm", "qpntestuserid"));
            assertEquals(Set.of("qpnTestUserId"), QueryParameterNames.declaredFor("adm", "QPNTESTUSERID"));
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void aSpellingStandsOnlyForTheNamesOfItsOwnArea() {
        QueryParameterNames.register("adm", "qpnTestId", "qpnTestId");
        QueryParameterNames.register("adm", "qpntestid", "QpnTestId");
        QueryParameterNames.register("pay", "qpntestid", "qpntestid");
        assertEquals(Set.of("qpnTestId", "QpnTestId"), QueryParameterNames.declaredFor("adm", "QPNTESTID"));
        assertEquals(Set.of("qpntestid"), QueryParameterNames.declaredFor("pay", "QpnTestId"));
        assertTrue(QueryParameterNames.declaredFor("diag", "qpntestid").isEmpty());
    }

    @Test
    void theAreaIsThePathsFirstSegment() {
        assertEquals("pay", QueryParameterNames.area("/pay/{projectId}/transactions"));
        assertEquals("pay", QueryParameterNames.area("pay/123/transactions"));
        assertEquals("adm", QueryParameterNames.area("adm"));
        assertEquals("", QueryParameterNames.area(""));
    }
}
