package com.paycore.webhook;

import com.paycore.platform.data.SqlLists;

/** The statements on {@code webhook_deliveries} (a queue table), all by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
final class WebhookDeliveryRows {

    private WebhookDeliveryRows() {
    }

    /** A new delivery of an event to an endpoint: Pending, due at once (FanOut). */
    static final String INSERT = "insert into webhook_deliveries (id, endpoint_id, event_id, event_type, status, attempts, "
            + "next_attempt_at, created_at) values (?, ?, ?, ?, 'Pending', 0, ?, ?)";

    /**
     * Due work, fairly between companies and then between projects: automatic attempts due (Pending, of an active
     * endpoint) and queued manual retries due (of an endpoint not deleted), numbered within each project by due time
     * ({@code rn}, at most the project cap of them), then numbered within each company by that number first
     * ({@code crn}: the company's projects' firsts, then their seconds, and so on; at most the company cap of them),
     * then taken by the company's number first: every company's first, then every company's second (round-robin by
     * company, then by project). So neither a project's backlog, however long and old, nor a company's many projects
     * ever stand before another company's next delivery. Read without locks; the rows chosen are then locked with
     * {@link #LOCK} and checked again. {@code %d}: how many at most ({@link #candidates}).
     */
    static final String CANDIDATES = "select c.id, c.project_id, c.company_id, c.manual from (select p.id, "
            + "p.project_id, p.company_id, p.manual, p.due, row_number() over (partition by p.company_id "
            + "order by p.rn, p.due, p.id) as crn from (select x.id, x.project_id, x.company_id, x.manual, x.due, "
            + "row_number() over (partition by x.project_id order by x.due, x.id) as rn from ("
            + "select d.id, e.project_id, e.company_id, false as manual, d.next_attempt_at as due "
            + "from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id "
            + "where d.status = 'Pending' and d.next_attempt_at <= ? and e.is_active = true "
            + "union all "
            + "select d.id, e.project_id, e.company_id, true as manual, d.manual_due_at as due "
            + "from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id "
            + "where d.manual_due_at <= ? and e.deleted_at is null) x) p where p.rn <= ?) c "
            + "where c.crn <= ? order by c.crn, c.due, c.id fetch first %d rows only";

    /**
     * The chosen rows, locked; a row another instance holds is skipped, not waited for. {@code %s}: one parameter per
     * row ({@link #lock}).
     */
    static final String LOCK = "select id, endpoint_id, event_id, event_type, attempts, created_at, status, "
            + "next_attempt_at, manual_due_at from webhook_deliveries where id in (%s) for update skip locked";

    /** An automatic attempt's lease: its due time pushed forward, with the claim's id. */
    static final String LEASE = "update webhook_deliveries set next_attempt_at = ?, lease_id = ? where id = ?";

    /** A queued manual retry's lease, on its own pair of columns. */
    static final String MANUAL_LEASE = "update webhook_deliveries set manual_due_at = ?, manual_lease_id = ? where id = ?";

    /** A manual retry done, if its lease is still the claim's. */
    static final String MANUAL_DONE = "update webhook_deliveries set manual_due_at = null, manual_lease_id = null "
            + "where id = ? and manual_lease_id = ?";

    /** An automatic attempt's outcome, if its lease is still the claim's. */
    static final String SETTLE = "update webhook_deliveries set status = ?, attempts = ?, next_attempt_at = ?, "
            + "lease_id = null, last_attempt_at = ? where id = ? and lease_id = ?";

    /** A deleted endpoint's pending deliveries give up. */
    static final String FAIL_PENDING = "update webhook_deliveries set status = 'Failed', lease_id = null "
            + "where endpoint_id = ? and status = 'Pending'";

    /** A deleted endpoint's queued manual retries are dropped. */
    static final String DROP_MANUAL = "update webhook_deliveries set manual_due_at = null, manual_lease_id = null "
            + "where endpoint_id = ? and manual_due_at is not null";

    /** Queues a manual retry unless one is queued or running; the update locks the row and checks under the lock. */
    static final String QUEUE_MANUAL = "update webhook_deliveries set manual_due_at = ? "
            + "where endpoint_id = ? and event_id = ? and manual_due_at is null";

    /** Whether a delivery of the event to the endpoint was ever made. */
    static final String DELIVERY = "select 1 from webhook_deliveries where endpoint_id = ? and event_id = ?";

    /**
     * An endpoint's deliveries, newest first, each with its latest attempt (automatic or manual) from the log. The
     * attempts are found by the log's (endpoint, attempted_at) index, read backwards per event.
     */
    static final String DELIVERIES = "select d.event_id, d.event_type, d.status, d.attempts, d.next_attempt_at, "
            + "d.manual_due_at, a.attempted_at, a.http_status, a.error, a.manual from webhook_deliveries d "
            + "left join webhook_attempts a on a.id = (select x.id from webhook_attempts x where x.endpoint_id = d.endpoint_id "
            + "and x.event_id = d.event_id order by x.attempted_at desc, x.id desc limit 1) "
            + "where d.endpoint_id = ? order by d.created_at desc, d.id desc limit ? offset ?";

    /**
     * The deliveries of a transaction's events (events.subject_id, indexed) to the project's endpoints not deleted,
     * oldest event first, each with its latest attempt; a delivery is found by its (endpoint, event) unique key.
     */
    static final String TRANSACTION_DELIVERIES = "select w.id, w.url, e.id, e.type, e.created_at, d.status, d.attempts, "
            + "d.next_attempt_at, a.attempted_at, a.http_status from events e "
            + "join webhook_endpoints w on w.project_id = e.project_id and w.deleted_at is null "
            + "join webhook_deliveries d on d.endpoint_id = w.id and d.event_id = e.id "
            + "left join webhook_attempts a on a.id = (select x.id from webhook_attempts x where x.endpoint_id = d.endpoint_id "
            + "and x.event_id = d.event_id order by x.attempted_at desc, x.id desc limit 1) "
            + "where e.subject_id = ? and e.project_id = ? order by e.created_at, e.seq, w.created_at, w.id limit ?";

    /** {@link #CANDIDATES}, at most {@code max} of them. */
    static String candidates(int max) {
        return String.format(CANDIDATES, max);
    }

    /** {@link #LOCK} of {@code rows} rows. */
    static String lock(int rows) {
        return String.format(LOCK, SqlLists.placeholders(rows));
    }

    /** Every endpoint's deliveries by status (the business figures). */
    static final String STATUS_COUNTS = "SELECT status, COUNT(*) FROM webhook_deliveries GROUP BY status";
}
