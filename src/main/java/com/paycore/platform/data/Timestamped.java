package com.paycore.platform.data;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.PrePersist;
import jakarta.persistence.PreUpdate;
import jakarta.persistence.Version;

/** Creation and update times (UTC) and the optimistic-lock version every mutable tenant entity carries. */
@MappedSuperclass
public abstract class Timestamped {

    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;
    @Version
    private long version;

    @PrePersist
    @PreUpdate
    void touch() {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        if (createdAt == null) {
            createdAt = now;
        }
        updatedAt = now;
    }

    /** Sets the creation and update times of a new row that is written without JPA (the hot path's inserts). */
    protected void stamp() {
        touch();
    }

    /** The row's version: changes with every update, so a value derived from the row can be cached by it. */
    public long version() {
        return version;
    }

    public OffsetDateTime createdAt() {
        return createdAt;
    }
}
