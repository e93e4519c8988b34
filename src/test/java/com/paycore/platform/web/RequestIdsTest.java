package com.paycore.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

class RequestIdsTest {

    @Test
    void aFreshRequestIdIsANewVersion4Uuid() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = RequestIds.current(); // outside a request: a fresh one each time
            UUID uuid = UUID.fromString(id);
            assertEquals(id, uuid.toString(), "canonical form");
            assertEquals(4, uuid.version());
            assertEquals(2, uuid.variant());
            ids.add(id);
        }
        assertEquals(10_000, ids.size());
    }
}
