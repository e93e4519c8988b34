package com.paycore.apikey;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.access.Caller;
import com.paycore.access.ProjectDirectory;
import com.paycore.event.Events;
import com.paycore.event.Topic;

/**
 * {@code api_key.expiring} (DESIGN.md section 10): an active key stops working within 14 days (its expiration, or an
 * earlier deactivation date) and the project has no other key usable beyond that moment. One event per key and end of
 * validity: the key's row is locked and its notice re-read, so runs on several instances at once record it once; a
 * key whose end moves is noticed again for the new end. While another key outlives it, no event (should that key be
 * deactivated later, the next run notices).
 */
@ApplicationScoped
class KeyExpiryNotices {

    static final Duration AHEAD = Duration.ofDays(14);

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    ApiKeyRepository keys;

    @Inject
    KeyExpiryNotices self;

    @Inject
    ProjectDirectory projects;

    @Inject
    Events outbox;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    /** The periodic run on demand: platform administrators. */
    @Transactional(TxType.NOT_SUPPORTED)
    public int runNow() {
        caller.requirePlatformAdmin();
        return run(OffsetDateTime.now(clock));
    }

    /** Records the notices due at {@code now}; answers how many this run recorded. */
    @Transactional(TxType.NOT_SUPPORTED)
    public int run(OffsetDateTime now) {
        OffsetDateTime horizon = now.plus(AHEAD);
        List<UUID> candidates = keys.endingBy(now, horizon);
        int noticed = 0;
        for (UUID id : candidates) {
            if (self.notice(id, now)) {
                noticed++;
            }
        }
        return noticed;
    }

    /** One key, under its row lock, in its own database transaction. */
    @Transactional(TxType.REQUIRES_NEW)
    public boolean notice(UUID keyId, OffsetDateTime now) {
        ApiKey key = em.find(ApiKey.class, keyId, LockModeType.PESSIMISTIC_WRITE);
        if (key == null || !key.usable(now) || key.expiryNoticed() || key.validUntil().isAfter(now.plus(AHEAD))) {
            return false;
        }
        OffsetDateTime end = key.validUntil();
        boolean outlived = keys.othersExpiringAfter(key.projectId(), keyId, end).stream()
                .anyMatch(other -> other.validUntil().isAfter(end));
        if (outlived) {
            return false;
        }
        UUID companyId = projects.project(key.projectId()).orElseThrow().companyId();
        key.noticeExpiry();
        outbox.record(Topic.API_KEY_EXPIRING, key.projectId(), companyId, now, ApiKeyView.from(key));
        return true;
    }
}
