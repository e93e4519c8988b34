package com.paycore.project;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;

import com.paycore.access.ProjectDirectory;
import com.paycore.access.ProjectRef;
import com.paycore.platform.data.Likes;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.UniqueViolations;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.ErrorCode;

@ApplicationScoped
class ProjectRepository implements ProjectDirectory {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    Optional<Project> find(UUID id) {
        return Optional.ofNullable(em.find(Project.class, id));
    }

    @Override
    public Optional<ProjectRef> project(UUID projectId) {
        return find(projectId).map(ProjectRepository::ref);
    }

    @Override
    public Optional<ProjectRef> lockProject(UUID projectId) {
        return lock(projectId).map(ProjectRepository::ref);
    }

    private static ProjectRef ref(Project p) {
        return new ProjectRef(p.id(), p.companyId(), p.active(), Set.copyOf(p.companyUserIds()));
    }

    @Override
    public List<UUID> visibleIds(List<UUID> adminCompanies, List<UUID> memberships) {
        return visibleIds(new Visibility(adminCompanies, memberships));
    }

    /** Every project of a company (no access check: for jobs that run per company). */
    List<Project> ofCompany(UUID companyId) {
        return em.createQuery("select p from Project p where p.companyId = :c order by p.createdAt, p.id", Project.class)
                .setParameter("c", companyId).getResultList();
    }

    /** Locks the project row until the transaction ends: serializes rules over its keys and processors. */
    Optional<Project> lock(UUID id) {
        return Optional.ofNullable(em.find(Project.class, id, LockModeType.PESSIMISTIC_WRITE));
    }

    boolean nameTaken(UUID companyId, String name, UUID exceptId) {
        return !em.createQuery("select p.id from Project p where p.companyId = :c and p.nameKey = :key and p.id <> :except",
                        UUID.class)
                .setParameter("c", companyId).setParameter("key", Project.nameKey(name))
                .setParameter("except", exceptId == null ? Ids.NONE : exceptId)
                .getResultList().isEmpty();
    }

    /** What E11 filters on; visibility null means every project (platform administrators). */
    record Filter(UUID companyId, UUID id, String name, Boolean active) {
    }

    /** Projects a caller may see: those of companies they administer, or assigned to one of their memberships. */
    record Visibility(List<UUID> adminCompanies, List<UUID> memberships) {
    }

    List<Project> list(Filter filter, Visibility visibility, Page page) {
        Where where = new Where("select distinct p from Project p left join p.companyUserIds cu "
                + "where p.nameKey like :name escape '\\'")
                .and("p.companyId = :company", "company", filter.companyId()).and("p.id = :id", "id", filter.id())
                .is("p.active", filter.active());
        if (visibility != null) {
            where.and("(p.companyId in :adminCompanies or cu in :memberships)")
                    .with("adminCompanies", Ids.orNone(visibility.adminCompanies()))
                    .with("memberships", Ids.orNone(visibility.memberships()));
        }
        return where.query(em, Project.class, " order by p.createdAt, p.id")
                .setParameter("name", Likes.contains(filter.name() == null ? "" : filter.name()))
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
    }

    /** Ids of the projects the visibility allows. */
    List<UUID> visibleIds(Visibility visibility) {
        return em.createQuery("select distinct p.id from Project p left join p.companyUserIds cu "
                        + "where p.companyId in :adminCompanies or cu in :memberships", UUID.class)
                .setParameter("adminCompanies", Ids.orNone(visibility.adminCompanies()))
                .setParameter("memberships", Ids.orNone(visibility.memberships()))
                .getResultList();
    }

    /** Ids and names of the projects the visibility allows (null: every project), in name order. */
    List<Object[]> names(Visibility visibility) {
        if (visibility == null) {
            return em.createQuery("select p.id, p.name from Project p order by p.name, p.id", Object[].class)
                    .getResultList();
        }
        return em.createQuery("select distinct p.id, p.name from Project p left join p.companyUserIds cu "
                        + "where p.companyId in :adminCompanies or cu in :memberships order by p.name, p.id", Object[].class)
                .setParameter("adminCompanies", Ids.orNone(visibility.adminCompanies()))
                .setParameter("memberships", Ids.orNone(visibility.memberships()))
                .getResultList();
    }

    @Override
    public List<UUID> assignedTo(UUID companyUserId) {
        return em.createQuery("select p.id from Project p join p.companyUserIds cu where cu = :member", UUID.class)
                .setParameter("member", companyUserId).getResultList();
    }

    void add(Project project) {
        em.persist(project);
        flush();
    }

    void flush() {
        UniqueViolations.flush(em, ErrorCode.DUPLICATE_PROJECT_NAME);
    }
}
