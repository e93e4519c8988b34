package com.paycore.access;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * The project a /api/pay request acts for, as established by the API-key filter after checking in the database
 * that the key is usable and belongs to the path's project. The same statement read the project's and company's
 * active states and, for writes, the project's active processor and the newest keystore: read fresh for this
 * request, never cached across requests (DESIGN.md section 4).
 */
@RequestScoped
public class ProjectCaller {

    /** The processor configuration new operations of the project go to: its id, gateway and row version. */
    public record ActiveProcessor(UUID id, int gateway, long version) {
    }

    /**
     * What a new token or transaction of the project needs: its company, the merchant-credential version it pins, its
     * active processor (empty when it has none) and the keystore new card data is sealed under (null when none is
     * active, or when the request was not a write).
     */
    public record Transacting(UUID projectId, UUID companyId, UUID keyId, int credentialVersion,
                              Optional<ActiveProcessor> processor, UUID newestKeystore) {
    }

    /** What one API key's request may do, as one statement reads it (PayCallers). */
    public record Snapshot(UUID keyId, UUID projectId, boolean keyActive, OffsetDateTime keyExpires,
                           OffsetDateTime keyDeactivates, UUID companyId, boolean projectActive, int credentialVersion,
                           boolean companyActive, ProjectCaller.ActiveProcessor processor, UUID newestKeystore) {
    }

    @Inject
    PayCallers callers;

    private Snapshot snapshot;

    /** The key with this keyed hash and what surrounds it, read fresh; empty when no key has it. */
    public Optional<Snapshot> read(String lookupHash, boolean write, OffsetDateTime now) {
        return callers.find(lookupHash, write, now);
    }

    /** The API-key filter, once it found the key usable and of the path's project. */
    public void authenticate(Snapshot snapshot) {
        this.snapshot = snapshot;
    }

    public UUID projectId() {
        if (snapshot == null) {
            throw AppException.unauthenticated();
        }
        return snapshot.projectId();
    }

    public UUID keyId() {
        return snapshot == null ? null : snapshot.keyId();
    }

    /** New tokens and transactions need an active project of an active company (400 otherwise, DESIGN.md section 9). */
    public Transacting requireTransacting() {
        projectId();
        if (!snapshot.projectActive()) {
            throw new AppException(ErrorCode.PROJECT_NOT_TRANSACTING, "the project is inactive");
        }
        if (!snapshot.companyActive()) {
            throw new AppException(ErrorCode.PROJECT_NOT_TRANSACTING, "the company is inactive");
        }
        return new Transacting(snapshot.projectId(), snapshot.companyId(), snapshot.keyId(),
                snapshot.credentialVersion(), Optional.ofNullable(snapshot.processor()), snapshot.newestKeystore());
    }
}
