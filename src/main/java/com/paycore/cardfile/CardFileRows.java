package com.paycore.cardfile;

/**
 * The statements on {@code card_files}, {@code card_file_parts}, {@code card_file_results} and
 * {@code card_file_references} (plain JDBC).
 */
final class CardFileRows {

    private CardFileRows() {
    }

    /** A file being received, held by the receiving instance ({@code worker}, {@code lease_until}) when it has room. */
    static final String INSERT = "insert into card_files (id, project_id, company_id, run_id, name, state, "
            + "message_bytes, parts, received_at, worker, lease_until) "
            + "values (?, ?, ?, ?, ?, 'Received', 0, 0, ?, ?, ?)";
    static final String RECEIVED = "update card_files set message_bytes = ?, parts = ? where id = ?";
    static final String INSERT_PART = "insert into card_file_parts (file_id, seq, bytes) values (?, ?, ?)";
    static final String PART = "select bytes from card_file_parts where file_id = ? and seq = ?";

    static final String BY_ID = "select " + CardFile.COLUMNS + " from card_files where id = ? and project_id = ?";
    static final String BY_PROJECT = "select " + CardFile.COLUMNS + " from card_files where project_id = ? "
            + "order by received_at desc, id desc limit ? offset ?";
    static final String COUNT = "select count(*) from card_files where project_id = ?";

    /** No older unfinished file of the same project: a project's files go one at a time, oldest first. */
    private static final String OLDEST_OF_PROJECT = "not exists (select 1 from card_files o "
            + "where o.project_id = f.project_id and o.state in ('Received', 'Processing') "
            + "and (o.received_at < f.received_at or (o.received_at = f.received_at and o.id < f.id)))";

    /** Files a worker may take: unfinished, not held (no lease, or one that ran out), oldest of their project. */
    static final String CLAIMABLE = "select f.id from card_files f where f.state in ('Received', 'Processing') "
            + "and (f.lease_until is null or f.lease_until < ?) and " + OLDEST_OF_PROJECT
            + " order by f.received_at, f.id limit ?";
    static final String CLAIM = "update card_files set worker = ?, lease_until = ? where id = ? "
            + "and state in ('Received', 'Processing') and (lease_until is null or lease_until < ?)";
    /** The holder starts (or resumes) a file when it is the oldest unfinished one of its project. */
    static final String START = "update card_files f set state = 'Processing', "
            + "started_at = coalesce(started_at, ?), lease_until = ? "
            + "where id = ? and worker = ? and state in ('Received', 'Processing') and " + OLDEST_OF_PROJECT;
    static final String RELEASE = "update card_files set worker = null, lease_until = null where id = ? and worker = ?";
    static final String BY_ID_ANY_PROJECT = "select " + CardFile.COLUMNS + " from card_files where id = ?";
    static final String RENEW = "update card_files set lease_until = ? where id = ? and worker = ? "
            + "and state = 'Processing'";
    static final String VERIFIED = "update card_files set verified = true, key_id = ?, signer_id = ?, rows_total = ?, "
            + "lease_until = ? where id = ? and worker = ? and state = 'Processing'";
    /** A chunk's progress, only from where the worker left it (a worker that lost the file changes nothing). */
    static final String ADVANCE = "update card_files set rows_read = ?, tokenized = tokenized + ?, "
            + "rejected = rejected + ?, lease_until = ? where id = ? and worker = ? and state = 'Processing' "
            + "and rows_read = ?";
    static final String END = "update card_files set state = ?, failure = ?, finished_at = ?, worker = null, "
            + "lease_until = null where id = ? and worker = ? and state = 'Processing'";
    static final String DELETE_PARTS = "delete from card_file_parts where file_id = ?";

    /** A chunk's lines of the results CSV, keyed by its first row: a chunk recorded twice breaks the key. */
    static final String INSERT_RESULTS = "insert into card_file_results (file_id, first_row, lines) values (?, ?, ?)";
    static final String RESULTS = "select first_row, lines from card_file_results where file_id = ? and first_row > ? "
            + "order by first_row limit ?";

    /**
     * The duplicate-reference check on PostgreSQL, one statement per chunk: adds the chunk's references (one array) to
     * the file's and answers those that were not there yet. Each is one probe of {@code pk_card_file_references},
     * whatever the statistics say (docs/DECISIONS.md, "Card files: storing, processing, resuming").
     */
    static final String REFERENCES_ADD_POSTGRES = "insert into card_file_references (file_id, reference) "
            + "select cast(? as uuid), r.reference from unnest(cast(? as text[])) r(reference) "
            + "on conflict (file_id, reference) do nothing returning reference";

    /** The check on H2 (no {@code on conflict}): which of the references (one array) the file's rows held ... */
    static final String REFERENCES_HELD = "select reference from card_file_references where file_id = ? "
            + "and reference = any(?)";

    /** ... and then each new one added. */
    static final String REFERENCE_ADD = "insert into card_file_references (file_id, reference) values (?, ?)";

    static final String DELETE_REFERENCES = "delete from card_file_references where file_id = ?";
}
