package com.paycore.apikey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** Which TransactionRSAKeys a securedProperties value is tried with, and how many decryptions that costs. */
class SecuredKeyOrderTest {

    /** Eight usable keys, index 0 the oldest. */
    private final List<UUID> keys = Stream.generate(UUID::randomUUID).limit(8).toList();

    private List<UUID> newestFirst() {
        List<UUID> newest = new ArrayList<>(keys);
        Collections.reverse(newest);
        return newest.subList(0, ApiKeyService.MAX_OTHER_SECURED_KEYS + 1); // what the repository answers
    }

    /** Tries the value "encrypted under" {@code under} (null: garbage) and answers the keys tried, in order. */
    private List<UUID> tried(UUID authenticating, UUID under, boolean[] opened) {
        List<UUID> attempts = new ArrayList<>();
        Function<UUID, Optional<byte[]>> open = key -> {
            attempts.add(key);
            return key.equals(under) ? Optional.of(new byte[] {1}) : Optional.empty();
        };
        opened[0] = ApiKeyService.firstOpening(ApiKeyService.securedCandidates(authenticating, newestFirst(), k -> k), open)
                .isPresent();
        return attempts;
    }

    @Test
    void theAuthenticatingKeyOpensAtTheFirstAttempt() {
        boolean[] opened = {false};
        assertEquals(List.of(keys.get(1)), tried(keys.get(1), keys.get(1), opened));
        assertTrue(opened[0]);
    }

    @Test
    void thenTheFourNewestOtherKeysAndNoOlderOne() {
        boolean[] opened = {false};
        // Authenticated by the second oldest; the value is under the oldest: five attempts, none opens it.
        assertEquals(List.of(keys.get(1), keys.get(7), keys.get(6), keys.get(5), keys.get(4)),
                tried(keys.get(1), keys.get(0), opened));
        assertEquals(false, opened[0]);
        // Under the fourth newest other key: found.
        assertEquals(5, tried(keys.get(1), keys.get(4), opened).size());
        assertTrue(opened[0]);
    }

    @Test
    void aGarbageValueCostsAtMostFiveDecryptionsHoweverManyKeys() {
        boolean[] opened = {true};
        assertEquals(5, tried(keys.get(0), null, opened).size());
        assertEquals(false, opened[0]);
        // The authenticating key among the newest is not tried twice, and four others follow it.
        assertEquals(List.of(keys.get(7), keys.get(6), keys.get(5), keys.get(4), keys.get(3)),
                tried(keys.get(7), null, opened));
        // Authenticated by a key that is no usable TransactionRSAKey: the four newest only.
        assertEquals(List.of(keys.get(7), keys.get(6), keys.get(5), keys.get(4)), tried(null, null, opened));
    }
}
