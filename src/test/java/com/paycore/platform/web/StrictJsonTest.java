package com.paycore.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;

import jakarta.json.bind.JsonbException;

import org.junit.jupiter.api.Test;

class StrictJsonTest {

    public record Body(String name, Boolean isActive, Integer count, BigDecimal amount) {
    }

    @Test
    void readsValuesOfTheRightType() {
        Body body = StrictJson.jsonb().fromJson("{\"name\":\"n\",\"isActive\":true,\"count\":3,\"amount\":12.34,\"extra\":1}", Body.class);
        assertEquals(new Body("n", true, 3, new BigDecimal("12.34")), body);
        assertEquals(new Body(null, null, null, null), StrictJson.jsonb().fromJson("{\"name\":null}", Body.class));
    }

    @Test
    void refusesValuesOfTheWrongType() {
        assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"isActive\":\"maybe\"}", Body.class));
        assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"isActive\":\"true\"}", Body.class));
        assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"count\":\"3\"}", Body.class));
        assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"count\":3.5}", Body.class));
        assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"amount\":\"1\"}", Body.class));
        assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"name\":12}", Body.class));
        assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"name\":{}}", Body.class));
    }
}
