package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;

/**
 * A project's webhook endpoint: where its events go, which ones ({@code *} for all), and the secret that signs them,
 * sealed under the master key (with the previous secret while a rotation's overlap lasts). The secret is shown once,
 * in the answer that made it. Deleting is soft: the row and its delivery log stay, hidden from every query.
 */
@Entity
@Table(name = "webhook_endpoints")
class WebhookEndpoint extends Timestamped {

    static final String ALL_EVENTS = "*";

    @Id
    private UUID id;
    @Column(name = "company_id")
    private UUID companyId;
    @Column(name = "project_id")
    private UUID projectId;
    private String url;
    @Column(name = "enabled_events")
    private String enabledEvents;
    private String description;
    @Column(name = "is_active")
    private boolean active;
    private String secret;
    @Column(name = "previous_secret")
    private String previousSecret;
    @Column(name = "previous_secret_until")
    private OffsetDateTime previousSecretUntil;
    @Column(name = "failing_since")
    private OffsetDateTime failingSince;
    @Column(name = "deleted_at")
    private OffsetDateTime deletedAt;

    protected WebhookEndpoint() {
    }

    WebhookEndpoint(UUID id, UUID companyId, UUID projectId) {
        this.id = id;
        this.companyId = companyId;
        this.projectId = projectId;
        this.active = true;
    }

    void configure(String url, List<String> enabledEvents, String description, boolean active) {
        this.url = url;
        this.enabledEvents = String.join(",", enabledEvents);
        this.description = description;
        if (active && !this.active) {
            failingSince = null; // re-enabled: the 3 days of failures start again
        }
        this.active = active;
    }

    /** A new sealed secret; the one it replaces (sealed again for its own column) signs beside it until the time given. */
    void rotate(String sealedSecret, String sealedPrevious, OffsetDateTime previousUntil) {
        this.previousSecret = sealedPrevious;
        this.previousSecretUntil = sealedPrevious == null ? null : previousUntil;
        this.secret = sealedSecret;
    }

    /** Soft delete: the row stays for the delivery log's history, hidden, inactive, and never comes back. */
    void delete(OffsetDateTime now) {
        this.deletedAt = now;
        this.active = false;
    }

    boolean deleted() {
        return deletedAt != null;
    }

    UUID id() {
        return id;
    }

    UUID companyId() {
        return companyId;
    }

    UUID projectId() {
        return projectId;
    }

    String url() {
        return url;
    }

    List<String> enabledEvents() {
        return Arrays.asList(enabledEvents.split(","));
    }

    String description() {
        return description;
    }

    boolean active() {
        return active;
    }

    String secret() {
        return secret;
    }

    /** Whether an event of this type is meant for an endpoint that enables these types (comma-separated, or *). */
    static boolean wants(String enabledEvents, String type) {
        for (String enabled : enabledEvents.split(",")) {
            if (enabled.equals(ALL_EVENTS) || enabled.equals(type)) {
                return true;
            }
        }
        return false;
    }
}
