package com.paycore.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.platform.runtime.Randomness;

/** Card data under a data key, with one AES-GCM engine per thread reused from call to call. */
class CardCipherTest {

    private static CardCipher aCipher() {
        byte[] key = new byte[32];
        Randomness.fill(key);
        return new CardCipher(UUID.randomUUID(), key);
    }

    @Test
    void sealsWithAFreshNonceAndOpensUnderItsKeyAndAssociatedDataOnly() {
        CardCipher cipher = aCipher();
        String a = cipher.seal("4111111111111111", "token:1");
        String b = cipher.seal("4111111111111111", "token:1");
        assertNotEquals(a, b);
        assertEquals("4111111111111111", cipher.open(a, "token:1"));
        assertEquals("4111111111111111", cipher.open(b, "token:1"));
        assertThrows(IllegalStateException.class, () -> cipher.open(a, "token:2"));
        assertThrows(IllegalStateException.class, () -> aCipher().open(a, "token:1"));
    }

    @Test
    void theThreadsEngineServesAnyKeyAfterAnyFailure() throws Exception {
        CardCipher first = aCipher();
        CardCipher second = aCipher();
        for (int i = 0; i < 3; i++) {
            String sealed = first.seal("5555555555554444", "t");
            assertThrows(IllegalStateException.class, () -> second.open(sealed, "t")); // a failed tag check
            assertEquals("5555555555554444", first.open(sealed, "t"));
            assertEquals("378282246310005", second.open(second.seal("378282246310005", "u"), "u"));
        }
        String sealedHere = first.seal("4242424242424242", "v");
        String[] openedThere = new String[1];
        Thread other = new Thread(() -> openedThere[0] = first.open(sealedHere, "v"));
        other.start();
        other.join();
        assertEquals("4242424242424242", openedThere[0]);
    }
}
