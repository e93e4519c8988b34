package com.paycore.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.SecretBox;

class KeystorePreconditionsTest {

    private static final SecretBox BOX = new SecretBox(new byte[32]);

    @Test
    void aNonPositiveValidityIsAConfigurationProblem() {
        AppException e = assertThrows(AppException.class, () -> KeystoreService.preconditions(0, () -> BOX));
        assertEquals(ErrorCode.KEYSTORE_CONFIGURATION, e.code());
        assertEquals(400, e.code().status());
    }

    @Test
    void aMalformedMasterKeyIs400AndAMissingOne404() {
        AppException bad = assertThrows(AppException.class, () -> KeystoreService.preconditions(365, () -> {
            throw new SecretBox.MasterKeyUnavailable("not base64", true, null);
        }));
        assertEquals(400, bad.code().status());
        AppException missing = assertThrows(AppException.class, () -> KeystoreService.preconditions(365, () -> {
            throw new SecretBox.MasterKeyUnavailable("cannot read", false, null);
        }));
        assertEquals(ErrorCode.KEYSTORE_RESOURCE_MISSING, missing.code());
        assertEquals(404, missing.code().status());
    }

    @Test
    void otherwiseTheMasterKeyIsUsed() {
        assertSame(BOX, KeystoreService.preconditions(365, () -> BOX));
    }
}
