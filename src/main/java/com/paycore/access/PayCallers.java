package com.paycore.access;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.data.Jdbc;

/**
 * The read model behind every /api/pay request: one statement finds an API key by its keyed hash together with its
 * project's and company's active states and, for writes, the project's active processor and the keystore new card
 * data is sealed under. Read fresh on every request (DESIGN.md section 4: no cache delays a deactivation), in one
 * round trip over the five tables. The tables stay their features' own: this is a read over them, never a write.
 */
@ApplicationScoped
class PayCallers {

    private static final String READ = "select k.id, k.project_id, k.active, k.expiration_date, k.deactivation_date, "
            + "p.company_id, p.active, p.credential_version, c.active";

    private static final String KEY_PROJECT_COMPANY = " from project_keys k join projects p on p.id = k.project_id "
            + "join companies c on c.id = p.company_id";

    /** Reads only: the key and the active states. */
    static final String FOR_READ = READ + KEY_PROJECT_COMPANY + " where k.lookup_hash = ?";

    /**
     * Writes also need the project's active processor (the oldest active, not deleted) and the newest keystore active
     * at the given instant: a join on the processor chosen by a correlated subquery, and a scalar subquery.
     */
    static final String FOR_WRITE = READ + ", pp.id, pp.gateway, pp.settings_version, "
            + "(select s.id from keystores s where s.activation_date <= ? and s.expiration_date > ? "
            + "order by s.activation_date desc, s.id desc fetch first 1 rows only)"
            + KEY_PROJECT_COMPANY
            + " left join payment_processors pp on pp.id = (select x.id from payment_processors x "
            + "where x.project_id = p.id and x.deleted_at is null and x.active = true "
            + "order by x.created_at, x.id fetch first 1 rows only)"
            + " where k.lookup_hash = ?";

    /** The columns of {@link #READ}, first in every row this class reads. */
    static final int KEY_COLUMNS = 9;

    @Inject
    Jdbc jdbc;

    /** The statement of a {@link ProjectCaller.KeyedRead}: the key's columns, then the route's; its joins; the hash last. */
    static String joined(String columns, String joins, String orderBy) {
        return READ + ", " + columns + KEY_PROJECT_COMPANY + " " + joins + " where k.lookup_hash = ?"
                + (orderBy.isEmpty() ? "" : " " + orderBy);
    }

    /**
     * The key's check and a route's read in one statement ({@link ProjectCaller#readWithKey}), the joins' parameters
     * before the hash. Empty when no key has the hash; the route's value is null when its reader read null.
     */
    <T> Optional<ProjectCaller.Holder<T>> findWith(String lookupHash, ProjectCaller.KeyedRead<T> read, Object... parameters) {
        Object[] all = Arrays.copyOf(parameters, parameters.length + 1);
        all[parameters.length] = lookupHash;
        return jdbc.first(read.sql, row -> {
            ProjectCaller.Snapshot key = snapshot(row, false);
            return new ProjectCaller.Holder<>(key, read.reader.read(row));
        }, all);
    }

    /** The key with this lookup hash and what surrounds it; empty when no key has it. */
    Optional<ProjectCaller.Snapshot> find(String lookupHash, boolean write, OffsetDateTime now) {
        return write ? jdbc.first(FOR_WRITE, row -> snapshot(row, true), now, now, lookupHash)
                : jdbc.first(FOR_READ, row -> snapshot(row, false), lookupHash);
    }

    private static ProjectCaller.Snapshot snapshot(ResultSet row, boolean write) throws SQLException {
        ProjectCaller.ActiveProcessor processor = null;
        UUID keystore = null;
        if (write) {
            UUID processorId = Jdbc.uuid(row, 10);
            if (processorId != null) {
                processor = new ProjectCaller.ActiveProcessor(processorId, row.getInt(11), row.getInt(12));
            }
            keystore = Jdbc.uuid(row, 13);
        }
        return new ProjectCaller.Snapshot(Jdbc.uuid(row, 1), Jdbc.uuid(row, 2), row.getBoolean(3), Jdbc.utc(row, 4), Jdbc.utc(row, 5),
                Jdbc.uuid(row, 6), row.getBoolean(7), row.getInt(8), row.getBoolean(9), processor, keystore);
    }
}
