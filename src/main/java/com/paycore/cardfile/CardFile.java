package com.paycore.cardfile;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.UUID;

import com.paycore.platform.data.Jdbc;

/** A card file as stored: its state, counts and where its processing stands (a {@code card_files} row). */
public record CardFile(UUID id, UUID projectId, UUID companyId, UUID runId, String name, State state, long messageBytes,
        int parts, boolean verified, UUID keyId, UUID signerId, Long rowsTotal, long rowsRead, long tokenized,
        long rejected, String failure, OffsetDateTime receivedAt, OffsetDateTime startedAt, OffsetDateTime finishedAt) {

    /** DESIGN.md section 13's states. */
    public enum State { Received, Processing, Succeeded, Failed }

    /** The columns {@link #read} reads, in its order. */
    static final String COLUMNS = "id, project_id, company_id, run_id, name, state, message_bytes, parts, verified, "
            + "key_id, signer_id, rows_total, rows_read, tokenized, rejected, failure, received_at, started_at, finished_at";

    static CardFile read(ResultSet row) throws SQLException {
        long total = row.getLong(12);
        Long rowsTotal = row.wasNull() ? null : total;
        return new CardFile(Jdbc.uuid(row, 1), Jdbc.uuid(row, 2), Jdbc.uuid(row, 3), Jdbc.uuid(row, 4),
                row.getString(5), State.valueOf(row.getString(6)), row.getLong(7), row.getInt(8), row.getBoolean(9),
                Jdbc.uuid(row, 10), Jdbc.uuid(row, 11), rowsTotal, row.getLong(13),
                row.getLong(14), row.getLong(15), row.getString(16), Jdbc.utc(row, 17), Jdbc.utc(row, 18), Jdbc.utc(row, 19));
    }

    boolean ended() {
        return state == State.Succeeded || state == State.Failed;
    }
}
