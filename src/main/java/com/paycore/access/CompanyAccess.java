package com.paycore.access;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.platform.web.AppException;

/**
 * Tenancy and company roles, read from the database on every call (DESIGN.md section 4): a company the
 * caller has no membership of answers exactly as a missing one (404); an inactive membership or an
 * inactive company answers 403; platform administrators reach every company. Other features ask here.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class CompanyAccess {

    @Inject
    CompanyDirectory companies;

    @Inject
    Caller caller;

    /** The company's id, if the caller is a platform administrator or an active Admin of it. */
    public UUID asAdmin(UUID companyId) {
        check(companyId, true);
        return companyId;
    }

    /** The company's id, if the caller is a platform administrator or an active Admin or User of it. */
    public UUID asMember(UUID companyId) {
        check(companyId, false);
        return companyId;
    }

    /**
     * As {@link #asMember}, answering the caller's membership: empty for platform administrators, who need none.
     */
    public Optional<Membership> memberIn(UUID companyId) {
        return Optional.ofNullable(check(companyId, false));
    }

    /**
     * Active companies whose lists the caller may read (active membership): null means every company (platform
     * administrators).
     */
    public List<UUID> visibleCompanies() {
        return caller.platformAdmin() ? null
                : companies.companiesOf(caller.userId(), null).stream().filter(caller::inScope).toList();
    }

    /**
     * Active companies the caller administers as an active Admin: null means every company (platform
     * administrators). A caller who administers none is refused (403), as for any Admin-only operation.
     */
    public List<UUID> administeredCompanies() {
        if (caller.platformAdmin()) {
            return null;
        }
        List<UUID> administered = companies.companiesOf(caller.userId(), Role.Admin).stream()
                .filter(caller::inScope).toList();
        if (administered.isEmpty()) {
            throw AppException.forbidden();
        }
        return administered;
    }

    /** The caller's active memberships of active companies, split by what they grant. */
    public record Memberships(List<UUID> adminCompanies, List<UUID> userMemberships) {
    }

    public Memberships memberships() {
        List<Membership> active = companies.activeMemberships(caller.userId()).stream()
                .filter(m -> caller.inScope(m.companyId())).toList();
        return new Memberships(
                active.stream().filter(m -> m.role() == Role.Admin).map(Membership::companyId).toList(),
                active.stream().filter(m -> m.role() == Role.User).map(Membership::id).toList());
    }

    /**
     * Whether {@link #asAdmin} would let the caller through, without refusing: for showing or hiding what it guards
     * (the guarded operation still checks).
     */
    public boolean administers(UUID companyId) {
        Optional<Boolean> active = companies.companyActive(companyId);
        if (caller.platformAdmin()) {
            return active.isPresent();
        }
        return active.orElse(false) && caller.inScope(companyId) && companies.membership(companyId, caller.userId())
                .filter(m -> m.active() && m.role() == Role.Admin).isPresent();
    }

    public boolean platformAdmin() {
        return caller.platformAdmin();
    }

    /** Whether the company exists and is active (no caller check: for API-key calls and jobs). */
    public boolean companyActive(UUID companyId) {
        return companies.companyActive(companyId).orElse(false);
    }

    /** Active companies where the user has an active membership (no caller check: for authentication and links). */
    public List<UUID> companiesOfUser(UUID userId) {
        return companies.companiesOf(userId, null);
    }

    /** A membership by its id (no caller check); empty when there is none. */
    public Optional<Membership> member(UUID membershipId) {
        return membershipId == null ? Optional.empty() : companies.member(membershipId);
    }

    /**
     * One read of the company and one of the caller's membership decide every company-level access; answers the
     * membership (null for platform administrators).
     */
    private Membership check(UUID companyId, boolean admin) {
        boolean active = companies.companyActive(companyId).orElseThrow(() -> AppException.notFound("Company"));
        if (caller.platformAdmin()) {
            return null;
        }
        Membership membership = companies.membership(companyId, caller.userId())
                .filter(m -> caller.inScope(companyId)) // beyond an external issuer's companies: as if no member
                .orElseThrow(() -> AppException.notFound("Company"));
        if (!membership.active() || !active) {
            throw AppException.forbidden();
        }
        boolean allowed = admin ? membership.role() == Role.Admin : membership.role() != Role.None;
        if (!allowed) {
            throw AppException.forbidden();
        }
        return membership;
    }
}
