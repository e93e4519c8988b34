package com.paycore.access;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.platform.web.AppException;

/**
 * Who may reach a project, read from the database on every call: platform administrators and the company's
 * Admins may manage it; the company's Users may read it when assigned to it. A project the caller cannot see
 * answers 404 like a missing one. Other features (keys, processors) ask here.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class ProjectAccess {

    @Inject
    ProjectDirectory projects;

    @Inject
    CompanyAccess companies;

    /** Whether the caller is a platform administrator. */
    public boolean platformAdmin() {
        return companies.platformAdmin();
    }

    public ProjectRef asAdmin(UUID projectId) {
        ProjectRef project = projects.project(projectId).orElseThrow(() -> AppException.notFound("Project"));
        AppException.hidingForeign("Project", () -> companies.asAdmin(project.companyId()));
        return project;
    }

    /** asAdmin, with the project row locked until the transaction ends. */
    public ProjectRef lockAsAdmin(UUID projectId) {
        asAdmin(projectId);
        return projects.lockProject(projectId).orElseThrow(() -> AppException.notFound("Project"));
    }

    public ProjectRef asReader(UUID projectId) {
        ProjectRef project = projects.project(projectId).orElseThrow(() -> AppException.notFound("Project"));
        Optional<Membership> membership = AppException.hidingForeign("Project", () -> companies.memberIn(project.companyId()));
        boolean assignedOrAdmin = membership.map(m -> m.role() == Role.Admin || project.companyUserIds().contains(m.id()))
                .orElse(true); // platform administrators
        if (!assignedOrAdmin) {
            throw AppException.notFound("Project");
        }
        return project;
    }

    /**
     * For company-wide reads (the reports): the projects of the company the caller may read, after checking the
     * caller may read the company at all. Null means all of them (platform administrators and the company's Admins);
     * a company User gets the projects assigned to them.
     */
    public List<UUID> visibleIn(UUID companyId) {
        return companies.memberIn(companyId).filter(m -> m.role() == Role.User).map(m -> projects.assignedTo(m.id()))
                .orElse(null);
    }

    /** Ids of every project the caller may read; null means every project (platform administrators). */
    public List<UUID> visibleProjects() {
        if (companies.platformAdmin()) {
            return null;
        }
        CompanyAccess.Memberships mine = companies.memberships();
        return projects.visibleIds(mine.adminCompanies(), mine.userMemberships());
    }
}
