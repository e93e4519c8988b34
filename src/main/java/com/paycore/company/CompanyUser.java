package com.paycore.company;

import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.access.Role;
import com.paycore.platform.data.Timestamped;
import com.paycore.platform.input.Ids;

/**
 * A user's membership of a company, with its role and its own display name and phone. Inactive: no access
 * to the company. The last-Admin rule is enforced by the service under a lock on the company row.
 */
@Entity
@Table(name = "company_users")
class CompanyUser extends Timestamped {

    @Id
    private UUID id;
    @Column(name = "company_id")
    private UUID companyId;
    @Column(name = "user_id")
    private UUID userId;
    @Enumerated(EnumType.STRING)
    private Role role;
    @Column(name = "first_name")
    private String firstName;
    @Column(name = "last_name")
    private String lastName;
    @Column(name = "phone_number")
    private String phoneNumber;
    private boolean active;

    protected CompanyUser() {
    }

    public CompanyUser(UUID companyId, UUID userId, Role role) {
        this.id = Ids.newId();
        this.companyId = companyId;
        this.userId = userId;
        this.role = role;
        this.active = true;
    }

    /** True when this membership counts towards the company's active Admins. */
    public boolean activeAdmin() {
        return active && role == Role.Admin;
    }

    public void changeRole(Role role) {
        this.role = role;
    }

    public void activate(boolean active) {
        this.active = active;
    }

    public void changeProfile(String firstName, String lastName, String phoneNumber) {
        this.firstName = firstName;
        this.lastName = lastName;
        this.phoneNumber = phoneNumber;
    }

    public UUID id() {
        return id;
    }

    public UUID companyId() {
        return companyId;
    }

    public UUID userId() {
        return userId;
    }

    public Role role() {
        return role;
    }

    public String firstName() {
        return firstName;
    }

    public String lastName() {
        return lastName;
    }

    public String phoneNumber() {
        return phoneNumber;
    }

    public boolean active() {
        return active;
    }

}
