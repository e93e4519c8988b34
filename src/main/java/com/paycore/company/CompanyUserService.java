package com.paycore.company;

import java.util.List;
import java.util.Objects;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.CompanyAccess;
import com.paycore.access.Role;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.user.Account;
import com.paycore.user.Accounts;

/**
 * Memberships of users in companies. A company never loses its last active Admin: every change that could
 * remove one runs under a lock on the company row, so concurrent requests on any instance are serialized.
 */
@ApplicationScoped
@Transactional
class CompanyUserService {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    CompanyRepository companies;

    @Inject
    Accounts users;

    @Inject
    CompanyAccess access;

    @Inject
    AuditLog audit;

    /**
     * Platform administrators add any user; a company Admin only a user who already belongs to a company he
     * administers (anyone else joins by invitation, which proves control of the address). A user outside his
     * reach answers exactly as an unknown one, so ids of other tenants' users reveal nothing.
     */
    CompanyUser add(AddCompanyUserRequest request) {
        access.asAdmin(Bodies.requiredId(request, "companyId", request.companyId));
        Account user = users.find(Bodies.requiredId(request, "userId", request.userId))
                .filter(u -> access.platformAdmin() || companies.memberOfAny(u.id(), access.administeredCompanies()))
                .orElseThrow(() -> AppException.notFound("User"));
        Bodies.validate(request);
        return enrol(request.companyId, user, request.resolvedRole(), request.firstName, request.lastName,
                request.phoneNumber, request.isActive == null || request.isActive);
    }

    /** Makes the user a member (an accepted invitation); answers the membership's id. */
    public UUID join(UUID companyId, Account user, Role role, String firstName, String lastName,
                     String phoneNumber, boolean active) {
        return enrol(companyId, user, role, firstName, lastName, phoneNumber, active).id();
    }

    private CompanyUser enrol(UUID companyId, Account user, Role role, String firstName, String lastName,
                              String phoneNumber, boolean active) {
        if (companies.findMembership(companyId, user.id()).isPresent()) {
            throw new AppException(ErrorCode.DUPLICATE_COMPANY_USER);
        }
        CompanyUser member = new CompanyUser(companyId, user.id(), role);
        member.changeProfile(firstName != null ? firstName : user.firstName(),
                lastName != null ? lastName : user.lastName(),
                phoneNumber != null ? phoneNumber : user.phoneNumber());
        member.activate(active);
        companies.addMember(member);
        audit.record("CompanyUserAdded", companyId, "CompanyUser", member.id(), "role=" + role + ", active=" + active);
        return member;
    }

    /** E5. */
    public void update(UUID id, UpdateCompanyUserRequest request) {
        CompanyUser member = companies.findMember(id).orElseThrow(() -> AppException.notFound("Company user"));
        AppException.hidingForeign("Company user", () -> access.asAdmin(member.companyId()));
        Bodies.validate(id, request, request.id);
        if (request.email != null) {
            throw new AppException(ErrorCode.EMAIL_IMMUTABLE);
        }
        if (request.userId != null && !request.userId.equals(member.userId())
                || request.companyId != null && !request.companyId.equals(member.companyId())) {
            throw new AppException(ErrorCode.COMPANY_USER_MOVE);
        }
        Role role = request.resolvedRole();

        companies.lock(member.companyId());
        em.refresh(member);
        boolean wasActiveAdmin = member.activeAdmin();
        Role oldRole = member.role();
        boolean wasActive = member.active();

        if (role != null) {
            member.changeRole(role);
        }
        if (request.isActive != null) {
            member.activate(request.isActive);
        }
        member.changeProfile(request.firstName != null ? request.firstName : member.firstName(),
                request.lastName != null ? request.lastName : member.lastName(),
                request.phoneNumber != null ? request.phoneNumber : member.phoneNumber());
        if (wasActiveAdmin && !member.activeAdmin() && companies.activeAdmins(member.companyId()) == 0) {
            throw new AppException(ErrorCode.LAST_ADMIN);
        }
        if (!Objects.equals(oldRole, member.role())) {
            audit.record("CompanyUserRoleChanged", member.companyId(), "CompanyUser", id, oldRole + " -> " + member.role());
        }
        if (wasActive != member.active()) {
            audit.record(member.active() ? "CompanyUserActivated" : "CompanyUserDeactivated", member.companyId(),
                    "CompanyUser", id, null);
        }
    }

    /**
     * The console's company users list: GET /api/adm/companyUsers without CompanyId (the same check: the companies
     * the caller administers, every company for platform administrators; 403 for a caller who administers none),
     * searched by e-mail or name.
     */
    public List<CompanyUserView> search(String text, Page page) {
        return companies.searchMembers(access.administeredCompanies(), text, page).stream()
                .map(m -> CompanyUserView.from(m, users.find(m.userId()).map(Account::email).orElse(null)))
                .toList();
    }

    /** Members of one company, or without CompanyId of every company the caller administers. */
    public List<CompanyUserView> list(UUID companyId, UUID userId, Page page) {
        List<UUID> within;
        if (companyId != null) {
            access.asAdmin(companyId);
            within = List.of(companyId);
        } else {
            within = access.administeredCompanies();
        }
        return companies.members(within, userId, page).stream()
                .map(m -> CompanyUserView.from(m, users.find(m.userId()).map(Account::email).orElse(null)))
                .toList();
    }
}
