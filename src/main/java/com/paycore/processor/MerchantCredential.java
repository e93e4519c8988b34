package com.paycore.processor;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.input.Ids;

/** One version of a project's processor credentials, kept so in-flight transactions finish on theirs. */
@Entity
@Table(name = "merchant_credentials")
class MerchantCredential {

    @Id
    private UUID id;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "credential_version")
    private int credentialVersion;
    @Column(name = "merchant_id")
    private String merchantId;
    @Column(name = "api_key")
    private String apiKey;
    private int gateway;
    @Column(name = "test_mode")
    private boolean testMode;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;

    protected MerchantCredential() {
    }

    MerchantCredential(UUID projectId, int credentialVersion, String merchantId, String encryptedApiKey, int gateway,
                       boolean testMode, OffsetDateTime createdAt) {
        this.id = Ids.newId();
        this.projectId = projectId;
        this.credentialVersion = credentialVersion;
        this.merchantId = merchantId;
        this.apiKey = encryptedApiKey;
        this.gateway = gateway;
        this.testMode = testMode;
        this.createdAt = createdAt;
    }

    String merchantId() {
        return merchantId;
    }

    String apiKey() {
        return apiKey;
    }

    boolean testMode() {
        return testMode;
    }
}
