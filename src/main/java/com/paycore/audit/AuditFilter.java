package com.paycore.audit;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * What the console's audit page narrows the trail by: the company (as the API's CompanyId; null: every company the
 * caller may read), a time range (inclusive), an action (exact, ignoring case) and a part of the actor's e-mail; each
 * null when not asked.
 */
public record AuditFilter(UUID companyId, OffsetDateTime from, OffsetDateTime to, String action, String actor) {

    public AuditFilter {
        action = blankToNull(action);
        actor = blankToNull(actor);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
