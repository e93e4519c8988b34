package com.paycore.cardfile;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A key whose signature a project's card files may carry: while a project has one, every file of it must be signed by
 * one of them. Never changed; removing it deletes the row (the audit row keeps its fingerprint).
 */
@Entity
@Table(name = "card_file_signers")
class CardFileSigner {

    @Id
    private UUID id;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "company_id")
    private UUID companyId;
    private String fingerprint;
    @Column(name = "public_key")
    private String publicKey;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;

    protected CardFileSigner() {
    }

    CardFileSigner(UUID id, UUID projectId, UUID companyId, SignerKeys.SignerKey key, OffsetDateTime createdAt) {
        this.id = id;
        this.projectId = projectId;
        this.companyId = companyId;
        this.fingerprint = key.fingerprint();
        this.publicKey = key.armoredPublicKey();
        this.createdAt = createdAt;
    }

    UUID id() {
        return id;
    }

    UUID projectId() {
        return projectId;
    }

    UUID companyId() {
        return companyId;
    }

    String fingerprint() {
        return fingerprint;
    }

    String publicKey() {
        return publicKey;
    }

    OffsetDateTime createdAt() {
        return createdAt;
    }

    /** As the card-file reader takes a signer: its id is what a file's summary names when this key signed it. */
    CardFileKeys.Signer forReader() {
        return new CardFileKeys.Signer(id.toString(), publicKey);
    }
}
