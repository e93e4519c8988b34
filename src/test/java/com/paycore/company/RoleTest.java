package com.paycore.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.paycore.access.Role;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

class RoleTest {

    @ParameterizedTest
    @CsvSource({"None,None", "none,None", "NONE,None", "Admin,Admin", "admin,Admin", "ADMIN,Admin", "aDmIn,Admin",
            "User,User", "user,User", "USER,User", "Member,User", "member,User", "MEMBER,User", "' Admin ',Admin"})
    void parsesCaseInsensitively(String input, Role expected) {
        assertEquals(expected, Role.parse(input));
    }

    @Test
    void nullStaysNull() {
        assertNull(Role.parse(null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "Owner", "admins", "Members", "0", "Adm in"})
    void unknownIsA400(String input) {
        AppException e = assertThrows(AppException.class, () -> Role.parse(input));
        assertEquals(ErrorCode.VALIDATION, e.code());
        assertEquals(400, e.getResponse().getStatus());
    }

    @Test
    void activeAdminNeedsBothActiveAndAdmin() {
        CompanyUser admin = new CompanyUser(UUID.randomUUID(), UUID.randomUUID(), Role.Admin);
        assertTrue(admin.activeAdmin());
        admin.activate(false);
        assertFalse(admin.activeAdmin());
        admin.activate(true);
        assertTrue(admin.activeAdmin());
        admin.changeRole(Role.User);
        assertFalse(admin.activeAdmin());
        admin.changeRole(Role.None);
        assertFalse(admin.activeAdmin());
        assertFalse(new CompanyUser(UUID.randomUUID(), UUID.randomUUID(), Role.User).activeAdmin());
        assertFalse(new CompanyUser(UUID.randomUUID(), UUID.randomUUID(), null).activeAdmin());
    }
}
