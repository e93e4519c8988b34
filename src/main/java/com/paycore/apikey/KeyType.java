package com.paycore.apikey;

import com.paycore.platform.web.AppException;

/** What a project key is for; each also carries a key pair (RSA, or OpenPGP) whose public half is listed. */
public enum KeyType {
    TransactionRSAKey, FileContentPGPKey;

    static KeyType parse(String value) {
        if (value == null) {
            throw AppException.invalid("type: must be TransactionRSAKey or FileContentPGPKey");
        }
        for (KeyType type : values()) {
            if (type.name().equalsIgnoreCase(value.trim())) {
                return type;
            }
        }
        throw AppException.invalid("type: must be TransactionRSAKey or FileContentPGPKey");
    }
}
