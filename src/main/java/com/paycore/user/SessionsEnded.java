package com.paycore.user;

import java.util.UUID;

/**
 * Fired (synchronously, inside the change's transaction) when a user's credentials stop being trustworthy: an
 * administrator set a new password, changed the e-mail or deactivated the account. The token service revokes the user's refresh tokens.
 */
public record SessionsEnded(UUID userId) {
}
