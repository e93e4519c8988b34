package com.paycore.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import org.junit.jupiter.api.Test;

class EventsTest {

    public record Resource(UUID id, BigDecimal amount, String status, String missing) {
    }

    @Test
    void theBodyIsTheEventObjectWithTheResourceAsItsAnswerWritesIt() {
        UUID id = UUID.randomUUID();
        UUID project = UUID.randomUUID();
        UUID resource = UUID.randomUUID();
        OffsetDateTime at = OffsetDateTime.of(2026, 11, 24, 3, 4, 5, 123_000_000, ZoneOffset.UTC);
        String body = Events.body(id, Topic.TRANSACTION_CAPTURED, project, at,
                new Resource(resource, new BigDecimal("12.30"), "Captured", null));
        JsonObject json = Json.createReader(new StringReader(body)).readObject();
        assertEquals(List.of("id", "type", "createdDate", "companyProjectId", "data"), List.copyOf(json.keySet()));
        assertEquals(id.toString(), json.getString("id"));
        assertEquals("transaction.captured", json.getString("type"));
        assertEquals(at.toInstant(), OffsetDateTime.parse(json.getString("createdDate")).toInstant());
        assertEquals(project.toString(), json.getString("companyProjectId"));
        JsonObject data = json.getJsonObject("data");
        assertEquals(resource.toString(), data.getString("id"));
        assertEquals(new BigDecimal("12.30"), data.getJsonNumber("amount").bigDecimalValue());
        assertTrue(data.containsKey("missing") && data.isNull("missing"), "null fields are written, as in answers");
    }

    @Test
    void everyTypeOfTheContractHasItsWireName() {
        assertEquals(18, Events.TYPES.size());
        assertEquals(Topic.CARD_FILE_COMPLETED, Topic.of("cardFile.completed").orElseThrow()); // DESIGN.md section 10
        assertEquals(Map.of("transaction.authorized", Topic.TRANSACTION_AUTHORIZED),
                Map.of("transaction.authorized", Topic.of("transaction.authorized").orElseThrow()));
        assertTrue(Topic.of("Transaction.Authorized").isEmpty());
        for (Topic topic : Topic.values()) {
            assertTrue(topic.wire().matches("[a-z][A-Za-z_]*\\.[a-z_]+"), topic.wire());
        }
    }
}
