package com.paycore.company;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.access.Caller;
import com.paycore.access.CompanyAccess;
import com.paycore.access.Role;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.user.Account;

@ApplicationScoped
@Transactional
public class CompanyService {

    @Inject
    CompanyRepository companies;

    @Inject
    CompanyAccess access;

    @Inject
    Caller caller;

    @Inject
    AuditLog audit;

    @Inject
    CompanyUserService members;

    Company create(CreateCompanyRequest request) {
        caller.requirePlatformAdmin();
        String name = request.resolvedName();
        if (companies.nameTaken(name, null)) {
            throw new AppException(ErrorCode.DUPLICATE_COMPANY_NAME);
        }
        Company company = new Company(name);
        company.changeContact(request.contactEmail, request.contactPhone);
        if (request.isActive != null) {
            company.activate(request.isActive);
        }
        companies.add(company);
        audit.record("CompanyCreated", company.id(), "Company", company.id(), null);
        return company;
    }

    /** E8. Company Admins may edit their own company but only platform administrators change isActive. */
    public void update(UUID id, UpdateCompanyRequest request) {
        Company company = companies.find(access.asAdmin(id)).orElseThrow(() -> AppException.notFound("Company"));
        Bodies.validate(id, request, request.id);
        String name = request.resolvedName();
        boolean activation = request.isActive != null && request.isActive != company.active();
        if (activation && !caller.platformAdmin()) {
            throw AppException.forbidden();
        }
        if (companies.nameTaken(name, id)) {
            throw new AppException(ErrorCode.DUPLICATE_COMPANY_NAME);
        }
        company.rename(name);
        company.changeContact(request.contactEmail != null ? request.contactEmail : company.contactEmail(),
                request.contactPhone != null ? request.contactPhone : company.contactPhone());
        if (activation) {
            company.activate(request.isActive);
            audit.record(request.isActive ? "CompanyActivated" : "CompanyDeactivated", id, "Company", id, null);
        }
        companies.flush();
        audit.record("CompanyUpdated", id, "Company", id, null);
    }

    /**
     * The companies the caller may read (every company for platform administrators, else those the caller is a member
     * of), by id with their names in name order; the first {@link Page#MAX_LIMIT} of them.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Map<UUID, String> readableNames() {
        Map<UUID, String> names = new LinkedHashMap<>();
        companies.list(access.visibleCompanies(), null, null, new Page(Page.MAX_LIMIT, 0)).stream()
                .sorted(Comparator.comparing(Company::name, String.CASE_INSENSITIVE_ORDER).thenComparing(Company::id))
                .forEach(c -> names.put(c.id(), c.name()));
        return names;
    }

    /** Ids of every active company, for jobs that run per company (no access check). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<UUID> activeIds() {
        return companies.activeIds();
    }

    /** A company's name (no access check: the caller checked it), for messages such as invitation e-mails. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public String nameOf(UUID companyId) {
        return companies.find(companyId).map(Company::name).orElseThrow(() -> AppException.notFound("Company"));
    }

    /** Whether the user has a membership (active or not) of the company; no access check. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean isMember(UUID companyId, UUID userId) {
        return companies.findMembership(companyId, userId).isPresent();
    }

    /** Makes the user a member (an accepted invitation); answers the membership's id. */
    public UUID join(UUID companyId, Account user, Role role, String firstName, String lastName,
                     String phoneNumber, boolean active) {
        return members.join(companyId, user, role, firstName, lastName, phoneNumber, active);
    }

    Company get(UUID id) {
        return companies.find(access.asMember(id)).orElseThrow(() -> AppException.notFound("Company"));
    }

    List<Company> list(UUID id, String name, Page page) {
        return companies.list(access.visibleCompanies(), id, name, page);
    }

    /** GET /api/adm/companies/{id} as answered, for the console: the same access check (a member or platform administrator). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public CompanyView view(UUID id) {
        return CompanyView.from(get(id));
    }

    /** GET /api/adm/companyUsers?CompanyId= as answered, for the console: the same check (the company's Admins). */
    public List<CompanyUserView> membersOf(UUID companyId, Page page) {
        return members.list(companyId, null, page);
    }

    /**
     * GET /api/adm/companyUsers (no CompanyId) as answered, for the console: the members of the companies the caller
     * administers (the same check; 403 for a caller who administers none) whose e-mail or name holds the text.
     */
    public List<CompanyUserView> memberViews(String text, Page page) {
        return members.search(text, page);
    }

    /** GET /api/adm/companies as answered, for the console: the companies the caller may see whose name holds the text. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<CompanyView> views(String name, Page page) {
        return list(null, name, page).stream().map(CompanyView::from).toList();
    }
}
