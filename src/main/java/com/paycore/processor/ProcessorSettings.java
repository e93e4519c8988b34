package com.paycore.processor;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * One version of a processor configuration's settings, encrypted. Written once and never changed: a transaction pins
 * the version it was authorized with, and its later moves read that version, whatever edits or deletion follow.
 */
@Entity
@Table(name = "processor_settings")
class ProcessorSettings {

    @Id
    private UUID id;
    @Column(name = "processor_id")
    private UUID processorId;
    @Column(name = "settings_version")
    private int settingsVersion;
    private String settings;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;

    protected ProcessorSettings() {
    }

    ProcessorSettings(UUID id, UUID processorId, int settingsVersion, String encryptedSettings, OffsetDateTime createdAt) {
        this.id = id;
        this.processorId = processorId;
        this.settingsVersion = settingsVersion;
        this.settings = encryptedSettings;
        this.createdAt = createdAt;
    }

    UUID processorId() {
        return processorId;
    }

    String settings() {
        return settings;
    }
}
