package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

class AliasesTest {

    @Test
    void typedNameOnly() {
        assertEquals("a", Aliases.either("companyId", "a", "company_id", null));
    }

    @Test
    void aliasOnly() {
        assertEquals("b", Aliases.either("companyId", null, "company_id", "b"));
    }

    @Test
    void bothEqual() {
        assertEquals(7, Aliases.either("count", 7, "Count", Integer.valueOf(7)));
        assertEquals("x", Aliases.either("name", new String("x"), "Name", new String("x")));
    }

    @Test
    void bothDifferentIsAFieldConflict() {
        AppException e = assertThrows(AppException.class, () -> Aliases.either("companyId", "a", "company_id", "b"));
        assertEquals(ErrorCode.FIELD_CONFLICT, e.code());
        assertEquals(400, e.getResponse().getStatus());
        assertTrue(e.getMessage().contains("'companyId'") && e.getMessage().contains("'company_id'"), e.getMessage());
    }

    @Test
    void none() {
        assertNull(Aliases.either("companyId", null, "company_id", null));
    }

    @Test
    void requireSameId() {
        UUID path = UUID.randomUUID();
        assertDoesNotThrow(() -> Aliases.requireSameId(path, null));
        assertDoesNotThrow(() -> Aliases.requireSameId(path, UUID.fromString(path.toString())));
        AppException e = assertThrows(AppException.class, () -> Aliases.requireSameId(path, UUID.randomUUID()));
        assertEquals(ErrorCode.ID_MISMATCH, e.code());
        assertEquals(400, e.getResponse().getStatus());
    }
}
