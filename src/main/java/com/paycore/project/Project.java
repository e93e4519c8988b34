package com.paycore.project;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;

/**
 * A company's project: what merchants' systems pay through. Holds its general information, the current merchant
 * information (the processor credential encrypted, with a version that transactions pin) and its assigned
 * company users. Inactive: no new transactions.
 */
@Entity
@Table(name = "projects")
class Project extends Timestamped {

    @Id
    private UUID id;
    @Column(name = "company_id")
    private UUID companyId;
    @Column(name = "project_name")
    private String name;
    @Column(name = "name_key")
    private String nameKey;
    private String description;
    @Column(name = "return_url")
    private String returnUrl;
    @Column(name = "cancel_url")
    private String cancelUrl;
    private String phone;
    @Column(name = "soft_descriptor")
    private String softDescriptor;
    private String comments;
    private boolean active;
    @Column(name = "merchant_id")
    private String merchantId;
    @Column(name = "merchant_api_key")
    private String merchantApiKey;
    @Column(name = "processor_gateway")
    private Integer processorGateway;
    @Column(name = "test_mode")
    private Boolean testMode;
    @Column(name = "merchant_phone")
    private String merchantPhone;
    @Column(name = "merchant_soft_descriptor")
    private String merchantSoftDescriptor;
    @Column(name = "merchant_comments")
    private String merchantComments;
    @Column(name = "credential_version")
    private int credentialVersion;
    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "project_users", joinColumns = @JoinColumn(name = "project_id"))
    @Column(name = "company_user_id")
    private Set<UUID> companyUserIds = new HashSet<>();

    protected Project() {
    }

    Project(UUID id, UUID companyId, String name) {
        this.id = id;
        this.companyId = companyId;
        rename(name);
        this.active = true;
    }

    static String nameKey(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }

    void rename(String name) {
        this.name = name.trim();
        this.nameKey = nameKey(name);
    }

    void describe(String description, String returnUrl, String cancelUrl, String phone, String softDescriptor,
                  String comments) {
        this.description = description;
        this.returnUrl = returnUrl;
        this.cancelUrl = cancelUrl;
        this.phone = phone;
        this.softDescriptor = softDescriptor;
        this.comments = comments;
    }

    void activate(boolean active) {
        this.active = active;
    }

    void assign(Set<UUID> companyUserIds) {
        this.companyUserIds.clear();
        this.companyUserIds.addAll(companyUserIds);
    }

    void changeMerchantProfile(String merchantPhone, String softDescriptor, String comments, Boolean testMode) {
        this.merchantPhone = merchantPhone;
        this.merchantSoftDescriptor = softDescriptor;
        this.merchantComments = comments;
        this.testMode = testMode;
    }

    /** New credentials: the version moves on, so transactions started on the old one keep theirs. */
    int changeCredentials(String merchantId, String encryptedApiKey, int gateway) {
        this.merchantId = merchantId;
        this.merchantApiKey = encryptedApiKey;
        this.processorGateway = gateway;
        return ++credentialVersion;
    }

    public UUID id() {
        return id;
    }

    public UUID companyId() {
        return companyId;
    }

    public String name() {
        return name;
    }

    public boolean active() {
        return active;
    }

    public Set<UUID> companyUserIds() {
        return Set.copyOf(companyUserIds);
    }

    String description() {
        return description;
    }

    String returnUrl() {
        return returnUrl;
    }

    String cancelUrl() {
        return cancelUrl;
    }

    String phone() {
        return phone;
    }

    String softDescriptor() {
        return softDescriptor;
    }

    String comments() {
        return comments;
    }

    String merchantId() {
        return merchantId;
    }

    String merchantApiKey() {
        return merchantApiKey;
    }

    Integer processorGateway() {
        return processorGateway;
    }

    Boolean testMode() {
        return testMode;
    }

    String merchantPhone() {
        return merchantPhone;
    }

    String merchantSoftDescriptor() {
        return merchantSoftDescriptor;
    }

    String merchantComments() {
        return merchantComments;
    }

    public int credentialVersion() {
        return credentialVersion;
    }

}
