package com.paycore.platform.runtime;

/**
 * Figures a feature keeps in this instance's memory (not in the database) for the credentialed business figures, in
 * Prometheus text: what may name a tenant's configuration and so stays off the open /metrics and /health.
 */
public interface InstanceFigures {

    /** Complete Prometheus text lines (with their HELP and TYPE lines), each ending with a newline; empty for none. */
    String exposition();
}
