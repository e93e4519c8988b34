/**
 * Invitations to join a company: created by company Admins with a one-time token, accepted without a bearer token, checked by E20.
 * Owns the invitations table; creates users through {@link com.paycore.user.Accounts} and memberships through
 * {@link com.paycore.company.CompanyService}. Offers nothing to other features.
 */
package com.paycore.invitation;
