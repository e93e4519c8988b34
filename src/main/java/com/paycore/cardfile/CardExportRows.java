package com.paycore.cardfile;

/**
 * The statements on {@code card_exports} and {@code card_export_parts} (docs/ARCHITECTURE.md, "SQL"): plain JDBC, each
 * write one auto-committed statement, the state changes conditional on the state they leave.
 */
final class CardExportRows {

    private CardExportRows() {
    }

    static final String INSERT = "insert into card_exports (id, project_id, company_id, requested_by, state, "
            + "recipient_fingerprint, signer_key_id, tokens, message_bytes, parts, created_at, lease_until) "
            + "values (?, ?, ?, ?, 'Running', ?, ?, 0, 0, 0, ?, ?)";

    /** The run that writes it, once started. */
    static final String SET_RUN = "update card_exports set run_id = ? where id = ?";

    /** An export whose run could not start (another of the company's runs): it never existed. */
    static final String DELETE = "delete from card_exports where id = ? and state = 'Running' and parts = 0";

    static final String FIND = "select id, project_id, company_id, run_id, state, recipient_fingerprint, tokens, failure, "
            + "created_at, lease_until, finished_at, expires_at, downloaded_at, message_bytes, parts "
            + "from card_exports where id = ?";

    /** Tokens written so far, and the lease renewed. */
    static final String PROGRESS = "update card_exports set tokens = ?, lease_until = ? "
            + "where id = ? and state = 'Running'";

    static final String SUCCEED = "update card_exports set state = 'Succeeded', tokens = ?, message_bytes = ?, parts = ?, "
            + "finished_at = ?, expires_at = ? where id = ? and state = 'Running'";

    static final String FAIL = "update card_exports set state = 'Failed', failure = ?, finished_at = ? "
            + "where id = ? and state = 'Running'";

    /** The one download: claimed by the first request within the window, whatever instance answers it. */
    static final String CLAIM = "update card_exports set downloaded_at = ? "
            + "where id = ? and state = 'Succeeded' and downloaded_at is null and expires_at > ?";

    static final String INSERT_PART = "insert into card_export_parts (id, export_id, seq, bytes) values (?, ?, ?, ?)";

    static final String PART = "select bytes from card_export_parts where export_id = ? and seq = ?";

    static final String DELETE_PARTS = "delete from card_export_parts where export_id = ?";
}
