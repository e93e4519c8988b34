package com.paycore.platform.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import com.paycore.platform.input.Ids;

class RandomnessTest {

    @Test
    void eachThreadHasAStrongGeneratorOfItsOwn() throws Exception {
        SecureRandom mine = Randomness.generator();
        assertSame(mine, Randomness.generator(), "the same thread keeps its generator");
        assertEquals("DRBG", mine.getAlgorithm());
        SecureRandom other = CompletableFuture.supplyAsync(Randomness::generator).get();
        assertNotSame(mine, other, "another thread has another one: no lock shared between threads");
    }

    @Test
    void fillsWithBytesThatDifferEachTime() {
        byte[] first = new byte[32];
        byte[] second = new byte[32];
        Randomness.fill(first);
        Randomness.fill(second);
        assertFalse(Arrays.equals(first, second));
        assertFalse(Arrays.equals(first, new byte[32]));
    }

    @Test
    void newIdsAreVersion4UuidsDistinctAcrossThreads() {
        Set<UUID> ids = ConcurrentHashMap.newKeySet();
        IntStream.range(0, 8).parallel().forEach(t -> {
            for (int i = 0; i < 10_000; i++) {
                ids.add(Ids.newId());
            }
        });
        assertEquals(80_000, ids.size(), "no id twice");
        Set<Integer> versions = new HashSet<>();
        Set<Integer> variants = new HashSet<>();
        for (UUID id : ids) {
            versions.add(id.version());
            variants.add(id.variant());
        }
        assertEquals(Set.of(4), versions, "random UUIDs, as UUID.randomUUID() makes");
        assertEquals(Set.of(2), variants, "the IETF variant");
        // every bit but the six fixed ones varies
        long highOr = 0, highAnd = -1, lowOr = 0, lowAnd = -1;
        for (UUID id : ids) {
            highOr |= id.getMostSignificantBits();
            highAnd &= id.getMostSignificantBits();
            lowOr |= id.getLeastSignificantBits();
            lowAnd &= id.getLeastSignificantBits();
        }
        assertEquals(0xFFFF_FFFF_FFFF_4FFFL, highOr);
        assertEquals(0x0000_0000_0000_4000L, highAnd);
        assertEquals(0xBFFF_FFFF_FFFF_FFFFL, lowOr);
        assertEquals(0x8000_0000_0000_0000L, lowAnd);
    }
}
