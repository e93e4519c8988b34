package com.paycore.cardfile;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectRef;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.UniqueViolations;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * The signers of projects' card files (DESIGN.md section 13): added and removed by the company's Admins and platform
 * administrators, listed by those who may read the project, and handed to the card-file reader as the keys a file of
 * the project must be signed by. The console calls the same methods with its signed-in user as the caller.
 */
@ApplicationScoped
@Transactional
public class CardFileSignerService {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    ProjectAccess projects;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    /**
     * Adds a signer. The project row is locked while the duplicate check runs, so two requests adding the same key
     * cannot both pass it; the unique constraint on (project, fingerprint) stands behind the lock.
     */
    public CardFileSignerView add(CardFileSignerRequest request) {
        UUID projectId = Bodies.requiredId(request, "companyProjectId", request == null ? null : request.companyProjectId);
        ProjectRef project = projects.lockAsAdmin(projectId);
        SignerKeys.SignerKey key = SignerKeys.parse(request.publicKey, clock.instant());
        boolean known = !em.createQuery(CardFileSignerRows.BY_FINGERPRINT, UUID.class)
                .setParameter("project", project.id()).setParameter("fingerprint", key.fingerprint())
                .setMaxResults(1).getResultList().isEmpty();
        if (known) {
            throw new AppException(ErrorCode.DUPLICATE_CARD_FILE_SIGNER);
        }
        CardFileSigner signer = new CardFileSigner(Ids.newId(), project.id(), project.companyId(), key,
                OffsetDateTime.now(clock));
        em.persist(signer);
        UniqueViolations.flush(em, ErrorCode.DUPLICATE_CARD_FILE_SIGNER);
        audit.record("CardFileSignerAdded", project.companyId(), "CardFileSigner", signer.id(),
                "fingerprint=" + key.fingerprint());
        return CardFileSignerView.from(signer);
    }

    /** The signers of one project, or of every project the caller may read; oldest first. */
    public List<CardFileSignerView> list(UUID projectId, UUID id, Page page) {
        List<UUID> within = projectId != null ? List.of(projects.asReader(projectId).id()) : projects.visibleProjects();
        return new Where(CardFileSignerRows.LISTED)
                .and("s.projectId in :within", "within", Ids.orNone(within)).and("s.id = :id", "id", id)
                .query(em, CardFileSigner.class, CardFileSignerRows.OLDEST_FIRST)
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(CardFileSignerView::from).toList();
    }

    public CardFileSignerView get(UUID id) {
        CardFileSigner signer = find(id);
        AppException.hidingForeign("Card file signer", () -> projects.asReader(signer.projectId()));
        return CardFileSignerView.from(signer);
    }

    public void remove(UUID id) {
        CardFileSigner signer = find(id);
        ProjectRef project = AppException.hidingForeign("Card file signer", () -> projects.lockAsAdmin(signer.projectId()));
        em.remove(signer);
        audit.record("CardFileSignerRemoved", project.companyId(), "CardFileSigner", id,
                "fingerprint=" + signer.fingerprint());
    }

    /**
     * The keys a card file of the project must be signed by, for the reader (no caller check: the import runs for
     * the project's API key, off any admin request). Empty: the project's files need no signature.
     */
    List<CardFileKeys.Signer> signersOf(UUID projectId) {
        return em.createQuery(CardFileSignerRows.OF_PROJECT, CardFileSigner.class)
                .setParameter("project", projectId).getResultStream()
                .map(CardFileSigner::forReader).toList();
    }

    private CardFileSigner find(UUID id) {
        CardFileSigner signer = id == null ? null : em.find(CardFileSigner.class, id);
        if (signer == null) {
            throw AppException.notFound("Card file signer");
        }
        return signer;
    }
}
