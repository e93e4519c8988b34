package com.paycore.webhook;

/** The statements on {@code webhook_attempts} (the delivery log), all by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
final class WebhookAttemptRows {

    private WebhookAttemptRows() {
    }

    /** One attempt, automatic or manual, as it went. */
    static final String INSERT = "insert into webhook_attempts (id, endpoint_id, event_id, event_type, attempted_at, "
            + "http_status, error, duration_ms, manual) values (?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** An endpoint's log, oldest first. */
    static final String OF_ENDPOINT = "select event_id, event_type, attempted_at, http_status, error, duration_ms "
            + "from webhook_attempts where endpoint_id = ? order by attempted_at, id limit ? offset ?";

    /** {@link #OF_ENDPOINT} of one event. */
    static final String OF_ENDPOINT_AND_EVENT = OF_ENDPOINT.replace("endpoint_id = ?", "endpoint_id = ? and event_id = ?");
}
