package com.paycore.company;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A company as answered; carries the typed name companyName and the description's name. */
public record CompanyView(UUID id, String companyName, String name, String contactEmail, String contactPhone,
                          boolean isActive, OffsetDateTime createdDate) {

    static CompanyView from(Company c) {
        return new CompanyView(c.id(), c.name(), c.name(), c.contactEmail(), c.contactPhone(), c.active(),
                c.createdAt());
    }
}
