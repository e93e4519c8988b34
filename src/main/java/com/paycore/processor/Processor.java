package com.paycore.processor;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;

/**
 * A project's payment processor configuration. Its settings are kept in versions ({@link ProcessorSettings}),
 * encrypted and never answered; the row names the current one. Deleting is soft: the row stays for history and for
 * the transactions that reference it, hidden from every query, and cannot come back.
 */
@Entity
@Table(name = "payment_processors")
class Processor extends Timestamped {

    @Id
    private UUID id;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "company_id")
    private UUID companyId;
    private String name;
    private int gateway;
    @Column(name = "payment_type")
    private int paymentType;
    private boolean active;
    @Column(name = "settings_version")
    private int settingsVersion;
    @Column(name = "deleted_at")
    private OffsetDateTime deletedAt;

    protected Processor() {
    }

    Processor(UUID id, UUID projectId, UUID companyId) {
        this.id = id;
        this.projectId = projectId;
        this.companyId = companyId;
        this.active = true;
    }

    void configure(String name, int gateway, int paymentType, boolean active) {
        this.name = name;
        this.gateway = gateway;
        this.paymentType = paymentType;
        this.active = active;
    }

    /** A new version of its settings, written beside it ({@link ProcessorSettings}); answers its number. */
    int nextSettingsVersion() {
        return ++settingsVersion;
    }

    void delete(OffsetDateTime now) {
        this.deletedAt = now;
        this.active = false;
    }

    boolean deleted() {
        return deletedAt != null;
    }

    public UUID id() {
        return id;
    }

    public UUID projectId() {
        return projectId;
    }

    String name() {
        return name;
    }

    public int gateway() {
        return gateway;
    }

    int paymentType() {
        return paymentType;
    }

    public boolean active() {
        return active;
    }

    UUID companyId() {
        return companyId;
    }

    /** The version of its settings new operations use; 0: it has none. */
    int settingsVersion() {
        return settingsVersion;
    }

}
