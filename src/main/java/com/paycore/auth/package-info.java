/**
 * Admin authentication: the OAuth token endpoint (password and refresh grants, refresh tokens), access-token signing
 * keys and the filter that turns a bearer token into the request's caller. Owns the refresh_tokens table; reads users
 * only through {@link com.paycore.user.Accounts}. Offers nothing to other features.
 */
package com.paycore.auth;
