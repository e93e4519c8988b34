/**
 * The operations console at {@code /console}: Jakarta Faces pages with PrimeFaces, server-rendered, for people signed in
 * with their account's email and password. It owns no table and adds no right: every page calls the features' services
 * (the same ones the REST resources call) with the signed-in user as the request's {@link com.paycore.access.Caller}, so
 * the API's tenancy and role checks decide what it shows and does (a transaction's capture, refund and reverse are
 * E17's callers', checked by {@link com.paycore.transaction.TransactionService}). {@link com.paycore.console.ConsoleGate}
 * guards every answer (session, security headers, cross-site POSTs); nothing depends on this package.
 */
package com.paycore.console;
