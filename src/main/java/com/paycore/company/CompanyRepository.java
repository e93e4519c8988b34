package com.paycore.company;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;

import com.paycore.access.CompanyDirectory;
import com.paycore.access.Membership;
import com.paycore.access.Role;
import com.paycore.platform.data.Jpql;
import com.paycore.platform.data.Likes;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.UniqueViolations;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.ErrorCode;

@ApplicationScoped
class CompanyRepository implements CompanyDirectory {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    Optional<Company> find(UUID id) {
        return Optional.ofNullable(em.find(Company.class, id));
    }

    @Override
    public Optional<Boolean> companyActive(UUID companyId) {
        return find(companyId).map(Company::active);
    }

    @Override
    public Optional<Membership> membership(UUID companyId, UUID userId) {
        return findMembership(companyId, userId).map(CompanyRepository::membership);
    }

    @Override
    public Optional<Membership> member(UUID membershipId) {
        return findMember(membershipId).map(CompanyRepository::membership);
    }

    @Override
    public List<Membership> activeMemberships(UUID userId) {
        return activeMembers(userId).stream().map(CompanyRepository::membership).toList();
    }

    private static Membership membership(CompanyUser m) {
        return new Membership(m.id(), m.companyId(), m.userId(), m.role(), m.active());
    }

    /** Ids of every active company, for jobs that run per company. */
    public List<UUID> activeIds() {
        return em.createQuery("select c.id from Company c where " + Jpql.is("c.active", true) + " order by c.id",
                UUID.class).getResultList();
    }

    /** Locks the company row until the transaction ends: serializes rules over its members on every instance. */
    Optional<Company> lock(UUID id) {
        return Optional.ofNullable(em.find(Company.class, id, LockModeType.PESSIMISTIC_WRITE));
    }

    public boolean nameTaken(String name, UUID exceptId) {
        return !em.createQuery("select c.id from Company c where c.nameKey = :key and c.id <> :except", UUID.class)
                .setParameter("key", Company.nameKey(name))
                .setParameter("except", exceptId == null ? Ids.NONE : exceptId)
                .getResultList().isEmpty();
    }

    /** Companies filtered by id and name (case-insensitive partial); {@code within} null means all companies. */
    List<Company> list(List<UUID> within, UUID id, String name, Page page) {
        return new Where("select c from Company c where c.nameKey like :name escape '\\'")
                .and("c.id in :within", "within", Ids.orNone(within)).and("c.id = :id", "id", id)
                .query(em, Company.class, " order by c.createdAt, c.id")
                .setParameter("name", Likes.contains(name == null ? "" : name))
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
    }

    void add(Company company) {
        em.persist(company);
        flush();
    }

    public void flush() {
        UniqueViolations.flush(em, ErrorCode.DUPLICATE_COMPANY_NAME);
    }

    // Company users

    Optional<CompanyUser> findMember(UUID id) {
        return Optional.ofNullable(em.find(CompanyUser.class, id));
    }

    Optional<CompanyUser> findMembership(UUID companyId, UUID userId) {
        return em.createQuery("select m from CompanyUser m where m.companyId = :c and m.userId = :u", CompanyUser.class)
                .setParameter("c", companyId).setParameter("u", userId)
                .getResultStream().findFirst();
    }

    /**
     * Ids of the active companies where the user has an active membership, optionally only with the given role. A
     * deactivated company is closed to its members (403) and must not reach them through lists either.
     */
    @Override
    public List<UUID> companiesOf(UUID userId, Role role) {
        return new Where("select m.companyId from CompanyUser m, Company c where c.id = m.companyId "
                + "and m.userId = :u and m.active = true and c.active = true")
                .and("m.role = :role", "role", role)
                .query(em, UUID.class, "").setParameter("u", userId).getResultList();
    }

    /** Active memberships of the user in active companies. */
    List<CompanyUser> activeMembers(UUID userId) {
        return em.createQuery("select m from CompanyUser m, Company c where c.id = m.companyId and m.userId = :u "
                        + "and m.active = true and c.active = true", CompanyUser.class)
                .setParameter("u", userId).getResultList();
    }

    /** True when the user has a membership (in any state) in one of the companies. */
    public boolean memberOfAny(UUID userId, List<UUID> companyIds) {
        return !em.createQuery("select m.id from CompanyUser m where m.userId = :u and m.companyId in :within",
                        UUID.class)
                .setParameter("u", userId).setParameter("within", Ids.orNone(companyIds))
                .setMaxResults(1).getResultList().isEmpty();
    }

    public long activeAdmins(UUID companyId) {
        return em.createQuery("select count(m) from CompanyUser m where m.companyId = :c and m.active = true "
                        + "and m.role = :admin", Long.class)
                .setParameter("c", companyId).setParameter("admin", Role.Admin)
                .getSingleResult();
    }

    /** Memberships in the given companies (null: every company), optionally of one user. */
    List<CompanyUser> members(List<UUID> within, UUID userId, Page page) {
        return new Where("select m from CompanyUser m where 1 = 1")
                .and("m.companyId in :within", "within", Ids.orNone(within)).and("m.userId = :u", "u", userId)
                .query(em, CompanyUser.class, " order by m.createdAt, m.id")
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
    }

    /**
     * The console's search of memberships in the given companies (null: every company): the member's first name, last
     * name or "first last", or the user's e-mail, holds the text (case-insensitive); in the API's order. The e-mail is
     * the user feature's column, read here by a subquery only (no user entity leaves this query).
     */
    List<CompanyUser> searchMembers(List<UUID> within, String text, Page page) {
        return new Where("select m from CompanyUser m where (lower(m.firstName) like :filter "
                + "escape '\\' or lower(m.lastName) like :filter escape '\\' "
                + "or lower(concat(concat(coalesce(m.firstName, ''), ' '), coalesce(m.lastName, ''))) like :filter "
                + "escape '\\' or m.userId in (select u.id from User u where u.emailKey like :filter escape '\\'))")
                .and("m.companyId in :within", "within", Ids.orNone(within))
                .query(em, CompanyUser.class, " order by m.createdAt, m.id")
                .setParameter("filter", Likes.contains(text == null ? "" : text))
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
    }

    void addMember(CompanyUser member) {
        em.persist(member);
        UniqueViolations.flush(em, ErrorCode.DUPLICATE_COMPANY_USER);
    }
}
