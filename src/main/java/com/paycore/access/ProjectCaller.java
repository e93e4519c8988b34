package com.paycore.access;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * The project a /api/pay request acts for, as established by the API-key filter after checking in the database
 * that the key is usable and belongs to the path's project. The same statement read the project's and company's
 * active states and, for writes, the project's active processor and the newest keystore: read fresh for this
 * request, never cached across requests (DESIGN.md section 4). On a {@link KeyCheckedByRead} route the filter only
 * presents the key, and the check runs in the route's statement ({@link #readWithKey}), on the first use of the
 * caller, or at the latest before the answer leaves ({@link #checkPresented}). Request-scoped, made by
 * {@link RequestCallers}.
 */
public class ProjectCaller {

    /** The processor configuration new operations of the project go to: its id, gateway and settings version. */
    public record ActiveProcessor(UUID id, int gateway, int settingsVersion) {
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

    /**
     * A route's read joined to the key's check in one statement, made once: its columns (after the key's
     * {@link #KEY_COLUMNS}), its joins (the key's project is {@code k.project_id}; their parameters are given to
     * {@link #readWithKey}), its order, and its reader, which sees the first row (and may move on) and reads its
     * columns from {@code KEY_COLUMNS + 1}.
     */
    public static final class KeyedRead<T> {

        final String sql;
        final Jdbc.RowReader<T> reader;

        public KeyedRead(String columns, String joins, String orderBy, Jdbc.RowReader<T> reader) {
            this.sql = PayCallers.joined(columns, joins, orderBy);
            this.reader = reader;
        }
    }

    /** How many columns of a {@link KeyedRead}'s row are the key's. */
    public static final int KEY_COLUMNS = PayCallers.KEY_COLUMNS;

    /** A key presented on a {@link KeyCheckedByRead} route, not checked yet: its hash, the instant, the filter's test. */
    private record Presented(String lookupHash, OffsetDateTime now, Predicate<Snapshot> passes) {
    }

    /** Set by the producer (RequestCallers). */
    PayCallers callers;

    private Snapshot snapshot;

    private Presented presented;

    /** The key with this keyed hash and what surrounds it, read fresh; empty when no key has it. */
    public Optional<Snapshot> read(String lookupHash, boolean write, OffsetDateTime now) {
        return callers.find(lookupHash, write, now);
    }

    /** The API-key filter, once it found the key usable and of the path's project. */
    public void authenticate(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.presented = null;
    }

    /**
     * The API-key filter on a {@link KeyCheckedByRead} route: the key with this hash is checked later, by the route's
     * statement or at the latest before the answer leaves; {@code passes} is the filter's test of what is read.
     */
    public void present(String lookupHash, OffsetDateTime now, Predicate<Snapshot> passes) {
        this.snapshot = null;
        this.presented = new Presented(lookupHash, now, passes);
    }

    /**
     * The route's read and the key's check in one statement. Empty when the route's joins found nothing; 401 when
     * the key is unknown or does not pass, whatever the route's joins found. Only for a key presented on a
     * {@link KeyCheckedByRead} route (anything else is a programming error).
     */
    public <T> Optional<T> readWithKey(KeyedRead<T> read, Object... parameters) {
        if (presented == null) {
            throw new IllegalStateException("readWithKey needs a key presented on a @KeyCheckedByRead route");
        }
        Presented key = presented;
        presented = null; // checked here, whatever the outcome: a refusal is final
        Holder<T> found = callers.findWith(key.lookupHash(), read, parameters).orElseThrow(AppException::unauthenticated);
        if (!key.passes().test(found.snapshot())) {
            throw AppException.unauthenticated();
        }
        authenticate(found.snapshot());
        return Optional.ofNullable(found.value());
    }

    /** What a {@link KeyedRead} found: the key's snapshot and the route's value (null when its joins found nothing). */
    record Holder<T>(Snapshot snapshot, T value) {
    }

    /**
     * Checks a presented key that no statement has checked yet (the key filter, before the answer of a
     * {@link KeyCheckedByRead} route leaves); nothing when none is presented. 401 when it does not pass.
     */
    public void checkPresented() {
        if (presented == null) {
            return;
        }
        Presented key = presented;
        presented = null;
        Snapshot found = read(key.lookupHash(), false, key.now()).orElseThrow(AppException::unauthenticated);
        if (!key.passes().test(found)) {
            throw AppException.unauthenticated();
        }
        authenticate(found);
    }

    /** The checked key; a presented one is checked first. 401 without one. */
    private Snapshot snapshot() {
        checkPresented();
        if (snapshot == null) {
            throw AppException.unauthenticated();
        }
        return snapshot;
    }

    public UUID projectId() {
        return snapshot().projectId();
    }

    public UUID keyId() {
        checkPresented();
        return snapshot == null ? null : snapshot.keyId();
    }

    /** New tokens and transactions need an active project of an active company (400 otherwise, DESIGN.md section 9). */
    public Transacting requireTransacting() {
        Snapshot snapshot = snapshot();
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
