package com.paycore.company;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.platform.AppException;
import com.paycore.platform.Caller;

/**
 * Tenancy and company roles, read from the database on every call (DESIGN.md section 4): a company the
 * caller has no membership of answers exactly as a missing one (404); an inactive membership or an
 * inactive company answers 403; platform administrators reach every company. Other features ask here.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class CompanyAccess {

    @Inject
    CompanyRepository companies;

    @Inject
    Caller caller;

    /** The company, if the caller is a platform administrator or an active Admin of it. */
    public Company asAdmin(UUID companyId) {
        return require(companyId, true);
    }

    /** The company, if the caller is a platform administrator or an active Admin or User of it. */
    public Company asMember(UUID companyId) {
        return require(companyId, false);
    }

    /**
     * As {@link #asMember}, answering the caller's membership: empty for platform administrators, who need none.
     */
    public java.util.Optional<CompanyUser> memberIn(UUID companyId) {
        return java.util.Optional.ofNullable(check(companyId, false).membership());
    }

    /**
     * Active companies whose lists the caller may read (active membership): null means every company (platform
     * administrators).
     */
    public List<UUID> visibleCompanies() {
        return caller.platformAdmin() ? null : companies.companiesOf(caller.userId(), null);
    }

    /**
     * Active companies the caller administers as an active Admin: null means every company (platform
     * administrators). A caller who administers none is refused (403), as for any Admin-only operation.
     */
    public List<UUID> administeredCompanies() {
        if (caller.platformAdmin()) {
            return null;
        }
        List<UUID> administered = companies.companiesOf(caller.userId(), Role.Admin);
        if (administered.isEmpty()) {
            throw AppException.forbidden();
        }
        return administered;
    }

    /** The caller's active memberships of active companies, split by what they grant. */
    public record Memberships(List<UUID> adminCompanies, List<UUID> userMemberships) {
    }

    public Memberships memberships() {
        List<CompanyUser> active = companies.activeMemberships(caller.userId());
        return new Memberships(
                active.stream().filter(m -> m.role() == Role.Admin).map(CompanyUser::companyId).toList(),
                active.stream().filter(m -> m.role() == Role.User).map(CompanyUser::id).toList());
    }

    public boolean platformAdmin() {
        return caller.platformAdmin();
    }

    private Company require(UUID companyId, boolean admin) {
        return check(companyId, admin).company();
    }

    private record Checked(Company company, CompanyUser membership) {
    }

    /** One read of the company and one of the caller's membership decide every company-level access. */
    private Checked check(UUID companyId, boolean admin) {
        Company company = companies.find(companyId).orElseThrow(() -> AppException.notFound("Company"));
        if (caller.platformAdmin()) {
            return new Checked(company, null);
        }
        CompanyUser membership = companies.membership(companyId, caller.userId())
                .orElseThrow(() -> AppException.notFound("Company"));
        if (!membership.active() || !company.active()) {
            throw AppException.forbidden();
        }
        boolean allowed = admin ? membership.role() == Role.Admin : membership.role() != Role.None;
        if (!allowed) {
            throw AppException.forbidden();
        }
        return new Checked(company, membership);
    }
}
