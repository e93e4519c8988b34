package com.paycore.secret;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

/**
 * Moves sealed values onto the current master key, one batch of rows per transaction. The rows are locked while
 * they are re-sealed, so a concurrent change of the same secret (or another instance re-wrapping at its own start)
 * waits and is never overwritten by an older value.
 */
@ApplicationScoped
class MasterKeyRewrap {

    static final int BATCH = 200;

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    /**
     * Re-seals up to {@link #BATCH} values of the column that are not under the current master key; returns how many
     * it found (0: the column is done). A value under a master key that is not configured stops it with a message
     * naming the settings: such a value could never be opened.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public int batch(SecretColumns.Column column, SecretBox box) {
        StringBuilder select = new StringBuilder("select id");
        column.purposeColumns().forEach(c -> select.append(", ").append(c));
        select.append(", ").append(column.column()).append(" from ").append(column.table())
                .append(" where ").append(column.column()).append(" is not null and ")
                .append(column.column()).append(" not like ?1 order by id fetch first ").append(BATCH)
                .append(" rows only for update");
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(select.toString())
                .setParameter(1, "v1." + box.currentKeyId() + ".%").getResultList();
        int purposeCount = column.purposeColumns().size();
        for (Object[] row : rows) {
            String stored = text(row[row.length - 1]);
            if (!box.knows(stored)) {
                throw new IllegalStateException(MasterKeyStartup.unknownKey(column, SecretBox.keyIdOf(stored)));
            }
            Object[] purposeValues = new Object[purposeCount];
            System.arraycopy(row, 1, purposeValues, 0, purposeCount);
            String rewrapped = box.rewrap(stored, column.purpose().apply(purposeValues));
            em.createNativeQuery("update " + column.table() + " set " + column.column() + " = ?1 where id = ?2")
                    .setParameter(1, rewrapped).setParameter(2, row[0]).executeUpdate();
        }
        return rows.size();
    }

    /** A text column's value: a String, or on H2 a CLOB for {@code text} columns. */
    private static String text(Object value) {
        if (value instanceof java.sql.Clob clob) {
            try {
                return clob.getSubString(1, (int) clob.length());
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException("cannot read a sealed value", e);
            }
        }
        return value.toString();
    }
}
