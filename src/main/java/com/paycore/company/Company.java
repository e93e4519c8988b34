package com.paycore.company;

import java.util.Locale;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;
import com.paycore.platform.input.Ids;

/** A tenant. Inactive: its users cannot reach it and it takes no new transactions. */
@Entity
@Table(name = "companies")
class Company extends Timestamped {

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

}
