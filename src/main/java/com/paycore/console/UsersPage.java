package com.paycore.console;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.access.CompanyAccess;
import com.paycore.company.CompanyService;
import com.paycore.company.CompanyUserView;
import com.paycore.platform.web.AppException;
import com.paycore.user.Accounts;
import com.paycore.user.UserView;

/**
 * The users page, with exactly the API's rights: platform administrators list every user (as GET /api/adm/users),
 * company Admins the company users of the companies they administer (as GET /api/adm/companyUsers), with company and
 * role; anybody else is told in words that the list is not theirs to read. Searched by e-mail or name, a page at a
 * time. Never a password hash: the rows are the API's views.
 */
@Named
@RequestScoped
public class UsersPage {

    @Inject
    Accounts accounts;

    @Inject
    CompanyService companies;

    @Inject
    CompanyAccess access;

    private Listing listing;
    private List<UserView> users = List.of();
    private List<CompanyUserView> members = List.of();
    private Map<UUID, String> companyNames = Map.of();
    private boolean platformAdmin;
    private String refusal;
    private String base;

    @PostConstruct
    void load() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        base = external.getRequestContextPath() + "/console/users";
        listing = Listing.of(external);
        platformAdmin = access.platformAdmin();
        try {
            if (platformAdmin) {
                users = accounts.views(listing.query(), listing.page());
            } else {
                members = companies.memberViews(listing.query(), listing.page());
                companyNames = companies.readableNames();
            }
        } catch (AppException refused) {
            refusal = Refusal.status(refused) == 403
                    ? "Only platform administrators and company Admins may list users; your role in your companies "
                    + "does not allow it."
                    : Refusal.words(refused);
        }
    }

    public String getQuery() {
        return listing.query();
    }

    public boolean isPlatformAdmin() {
        return platformAdmin;
    }

    public String getRefusal() {
        return refusal;
    }

    public List<UserView> getUsers() {
        return listing.shown(users);
    }

    public List<CompanyUserView> getMembers() {
        return listing.shown(members);
    }

    public boolean isListEmpty() {
        return users.isEmpty() && members.isEmpty();
    }

    /** The company's name, or its id when the company is beyond the names read (more than a page of companies). */
    public String companyName(UUID id) {
        return companyNames.getOrDefault(id, id.toString());
    }

    public Listing.Pager getPager() {
        return listing.pager(base, platformAdmin ? users : members);
    }
}
