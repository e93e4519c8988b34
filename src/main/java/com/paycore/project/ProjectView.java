package com.paycore.project;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** A project as answered: the typed projectName and the description's name; merchant information without secrets. */
public record ProjectView(UUID id, String projectName, String name, UUID companyId, String description,
                          String returnUrl, String cancelUrl, String phone, String softDescriptor, String comments,
                          boolean isActive, OffsetDateTime createdDate, List<UUID> companyUserIds, Merchant merchant) {

    public record Merchant(String merchantId, Integer processorGateway, Boolean isTestMode, String merchantPhone,
                           String softDescriptor, String comments, boolean hasApiKey, int credentialVersion) {
    }

    static ProjectView from(Project p) {
        return new ProjectView(p.id(), p.name(), p.name(), p.companyId(), p.description(), p.returnUrl(),
                p.cancelUrl(), p.phone(), p.softDescriptor(), p.comments(), p.active(), p.createdAt(),
                p.companyUserIds().stream().sorted().toList(),
                new Merchant(p.merchantId(), p.processorGateway(), p.testMode(), p.merchantPhone(),
                        p.merchantSoftDescriptor(), p.merchantComments(), p.merchantApiKey() != null,
                        p.credentialVersion()));
    }
}
