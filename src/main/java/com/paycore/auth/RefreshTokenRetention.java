package com.paycore.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/**
 * Refresh tokens that expired or were revoked more than {@code payments.retention.refresh-tokens-days} ago (default
 * 30) are deleted once their whole family has ended (no token of it is still usable): while a family lives, its
 * rotated-out tokens stay, so presenting one again is still recognised as reuse and ends the family.
 */
@ApplicationScoped
class RefreshTokenRetention {

    void declare(@Observes Retention retention) {
        retention.days("refreshTokens", "payments.retention.refresh-tokens-days", 30, 1, "refresh_tokens",
                "(t.expires_at < :cutoff OR t.revoked_at < :cutoff) AND NOT EXISTS (SELECT 1 FROM refresh_tokens l "
                        + "WHERE l.family_id = t.family_id AND l.revoked_at IS NULL AND l.expires_at > :now)");
    }
}
