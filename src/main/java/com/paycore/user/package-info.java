/**
 * Users: accounts (E1), platform administrators, passwords and the login lockout, and the bootstrap administrator.
 * Owns the users table; offers {@link com.paycore.user.Accounts} (an {@link com.paycore.user.Account}, never the entity
 * or its password hash; also registration by invitation).
 */
package com.paycore.user;
