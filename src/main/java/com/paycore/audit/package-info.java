/**
 * The audit trail. Its write side, {@link com.paycore.audit.AuditLog}, is what every feature records through and
 * depends on no feature; its read side ({@code AuditTrail}, GET /adm/auditEvents) asks access control. Owns the
 * audit_events table. Rows never hold a secret.
 */
package com.paycore.audit;
