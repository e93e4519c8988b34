package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DatabaseConfigSourceTest {

    private static final String BOTH = "stringtype=unspecified&logServerErrorDetail=false";

    @Test
    void datasourceClassFromScheme() {
        assertEquals("org.postgresql.ds.PGSimpleDataSource",
                DatabaseConfigSource.datasourceClassFor("jdbc:postgresql://db:5432/payments"));
        assertEquals("org.h2.jdbcx.JdbcDataSource",
                DatabaseConfigSource.datasourceClassFor("jdbc:h2:file:/tmp/payments;AUTO_SERVER=TRUE"));
        assertEquals("org.h2.jdbcx.JdbcDataSource", DatabaseConfigSource.datasourceClassFor("jdbc:h2:mem:x"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:mysql://db/payments", "postgresql://db/payments", "jdbc:postgres://db/x", "", "h2:mem:x"})
    void unknownSchemeThrows(String url) {
        assertThrows(IllegalStateException.class, () -> DatabaseConfigSource.datasourceClassFor(url));
    }

    @Test
    void postgresqlWithoutQueryGetsBothSettingsAfterAQuestionMark() {
        assertEquals("jdbc:postgresql://db:5432/payments?" + BOTH,
                DatabaseConfigSource.jdbcUrlFor("jdbc:postgresql://db:5432/payments"));
    }

    @Test
    void postgresqlWithQueryGetsBothSettingsAfterAnAmpersand() {
        assertEquals("jdbc:postgresql://db/payments?sslmode=require&" + BOTH,
                DatabaseConfigSource.jdbcUrlFor("jdbc:postgresql://db/payments?sslmode=require"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "jdbc:postgresql://db/p?stringtype=varchar|jdbc:postgresql://db/p?stringtype=varchar&logServerErrorDetail=false",
            "jdbc:postgresql://db/p?StringType=unspecified|jdbc:postgresql://db/p?StringType=unspecified&logServerErrorDetail=false",
            "jdbc:postgresql://db/p?STRINGTYPE=unspecified|jdbc:postgresql://db/p?STRINGTYPE=unspecified&logServerErrorDetail=false",
            "jdbc:postgresql://db/p?logServerErrorDetail=true|jdbc:postgresql://db/p?logServerErrorDetail=true&stringtype=unspecified",
            "jdbc:postgresql://db/p?LOGSERVERERRORDETAIL=true|jdbc:postgresql://db/p?LOGSERVERERRORDETAIL=true&stringtype=unspecified",
            "jdbc:postgresql://db/p?ssl=true&logservererrordetail=false&stringtype=unspecified|jdbc:postgresql://db/p?ssl=true&logservererrordetail=false&stringtype=unspecified",
    })
    void settingsAlreadyGivenInAnyCaseAreNotDuplicated(String url, String expected) {
        assertEquals(expected, DatabaseConfigSource.jdbcUrlFor(url));
    }

    @Test
    void settingsInAnyCaseAreRecognisedWhateverTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            // In Turkish, "I".toLowerCase() is a dotless i: a locale-sensitive comparison misses STRINGTYPE.
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            assertEquals("jdbc:postgresql://db/p?STRINGTYPE=unspecified&LOGSERVERERRORDETAIL=false",
                    DatabaseConfigSource.jdbcUrlFor("jdbc:postgresql://db/p?STRINGTYPE=unspecified&LOGSERVERERRORDETAIL=false"));
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void resultIsStable() {
        String once = DatabaseConfigSource.jdbcUrlFor("jdbc:postgresql://db/payments");
        assertEquals(once, DatabaseConfigSource.jdbcUrlFor(once));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:/tmp/payments;AUTO_SERVER=TRUE", "jdbc:h2:mem:test", "jdbc:h2:file:/x?y"})
    void h2UrlIsUnchanged(String url) {
        assertEquals(url, DatabaseConfigSource.jdbcUrlFor(url));
    }

    @Test
    void theEmbeddedDatabaseOpensNoServer() {
        String url = DatabaseConfigSource.embeddedUrl(Path.of("/var/lib/payments"));
        assertEquals("jdbc:h2:file:/var/lib/payments/payments", url);
        Assertions.assertFalse(url.toUpperCase(Locale.ROOT).contains("AUTO_SERVER"), url);
    }
}
