package com.paycore.secret;

import java.sql.SQLException;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.platform.data.Jdbc;

/**
 * Moves sealed values onto the current master key, one batch of rows per transaction. The rows are locked while
 * they are re-sealed, so a concurrent change of the same secret (or another instance re-wrapping at its own start)
 * waits and is never overwritten by an older value.
 */
@ApplicationScoped
class MasterKeyRewrap {

    static final int BATCH = 200;

    @Inject
    Jdbc jdbc;

    /**
     * Re-seals up to {@link #BATCH} values of the column that are not under the current master key; returns how many
     * it found (0: the column is done). A value under a master key that is not configured stops it with a message
     * naming the settings: such a value could never be opened.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public int batch(SecretColumns.Column column, SecretBox box) {
        String select = select(column);
        int purposeCount = column.purposeColumns().size();
        return jdbc.session(session -> {
            List<Object[]> rows = session.list(select, row -> {
                Object[] values = new Object[purposeCount + 2];
                for (int i = 0; i <= purposeCount; i++) {
                    values[i] = row.getObject(i + 1);
                }
                values[purposeCount + 1] = row.getString(purposeCount + 2); // on H2 a text column is a CLOB
                return values;
            }, "v1." + box.currentKeyId() + ".%");
            for (Object[] row : rows) {
                rewrap(session, column, box, row, purposeCount);
            }
            return rows.size();
        });
    }

    private static void rewrap(Jdbc.Session session, SecretColumns.Column column, SecretBox box, Object[] row,
                               int purposeCount) throws SQLException {
        String stored = (String) row[row.length - 1];
        if (!box.knows(stored)) {
            throw new IllegalStateException(MasterKeyStartup.unknownKey(column, SecretBox.keyIdOf(stored)));
        }
        Object[] purposeValues = new Object[purposeCount];
        System.arraycopy(row, 1, purposeValues, 0, purposeCount);
        String rewrapped = box.rewrap(stored, column.purpose().apply(purposeValues));
        session.update(update(column), rewrapped, row[0]);
    }

    /**
     * A batch of the column's values not under the current master key (the parameter: a pattern of the current key's
     * values), locked: each row's id, its purpose columns, then the value.
     */
    static String select(SecretColumns.Column column) {
        StringBuilder select = new StringBuilder("select id");
        column.purposeColumns().forEach(c -> select.append(", ").append(c));
        select.append(", ").append(column.column()).append(" from ").append(column.table())
                .append(" where ").append(column.column()).append(" is not null and ")
                .append(column.column()).append(" not like ? order by id fetch first ").append(BATCH)
                .append(" rows only for update");
        return select.toString();
    }

    /** One row's value re-sealed: the value, then the row's id. */
    static String update(SecretColumns.Column column) {
        return "update " + column.table() + " set " + column.column() + " = ? where id = ?";
    }
}
