package com.paycore.company;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.PrePersist;
import jakarta.persistence.PreUpdate;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import com.paycore.platform.Ids;

/** A tenant. Inactive: its users cannot reach it and it takes no new transactions. */
@Entity
@Table(name = "companies")
public class Company {

    @Id
    private UUID id;
    @Column(name = "company_name")
    private String name;
    @Column(name = "name_key")
    private String nameKey;
    @Column(name = "contact_email")
    private String contactEmail;
    @Column(name = "contact_phone")
    private String contactPhone;
    private boolean active;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;
    @Version
    private long version;

    protected Company() {
    }

    public Company(String name) {
        this.id = Ids.newId();
        rename(name);
        this.active = true;
    }

    public static String nameKey(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }

    public void rename(String name) {
        this.name = name.trim();
        this.nameKey = nameKey(name);
    }

    public void changeContact(String contactEmail, String contactPhone) {
        this.contactEmail = contactEmail;
        this.contactPhone = contactPhone;
    }

    public void activate(boolean active) {
        this.active = active;
    }

    @PrePersist
    @PreUpdate
    void touch() {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        if (createdAt == null) {
            createdAt = now;
        }
        updatedAt = now;
    }

    public UUID id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String contactEmail() {
        return contactEmail;
    }

    public String contactPhone() {
        return contactPhone;
    }

    public boolean active() {
        return active;
    }

    public OffsetDateTime createdAt() {
        return createdAt;
    }
}
