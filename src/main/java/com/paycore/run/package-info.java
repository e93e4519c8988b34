/**
 * Long runs asked for over HTTP (settlement, token rotation, card updater, report sync): the {@code runs} table, the
 * execution on the accepting instance (202 at once, the work on the server's managed executor), progress and a lease
 * while it works, and {@code GET /api/adm/runs/{id}} from any instance. Depends on {@code platform} and
 * {@code access} only; the features that own the work offer it to {@link com.paycore.run.Runs}.
 */
package com.paycore.run;
