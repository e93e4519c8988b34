package com.paycore.access;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What access control reads about companies and memberships. The company feature answers it (its repository), so
 * this package depends on no feature and every feature may ask {@link CompanyAccess}.
 */
public interface CompanyDirectory {

    /** Whether the company is active; empty when there is no such company. */
    Optional<Boolean> companyActive(UUID companyId);

    Optional<Membership> membership(UUID companyId, UUID userId);

    Optional<Membership> member(UUID membershipId);

    /** Ids of the companies where the user has an active membership, optionally only with the given role. */
    List<UUID> companiesOf(UUID userId, Role role);

    /** Active memberships of the user in active companies. */
    List<Membership> activeMemberships(UUID userId);
}
