/**
 * Admin authentication: the OAuth token endpoint (password and refresh grants, refresh tokens), access-token signing
 * keys, and the filter that verifies a bearer token ({@code BearerTokens}, keys from
 * {@code VerificationKeys}, settings in {@code TokenSettings}: the rules and
 * {@code mp.jwt.*} settings MicroProfile JWT had, without its per-request container bridge) and turns it into the
 * request's caller. Owns the refresh_tokens table; reads users
 * only through {@link com.paycore.user.Accounts}. Offers nothing to other features.
 */
package com.paycore.auth;
