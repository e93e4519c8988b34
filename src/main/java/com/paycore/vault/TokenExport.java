package com.paycore.vault;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.keystore.KeystoreService;
import com.paycore.platform.data.Jdbc;

/**
 * The vault's side of a card export: a project's active tokens with their card numbers opened, page by page in id
 * order (a keyset, so each page is one indexed read however many tokens the project has). Disabled and deleted tokens
 * are never handed out. Whoever calls this holds card numbers: the card export is its one caller, and it is reached only
 * by a platform administrator's request.
 */
@ApplicationScoped
public class TokenExport {

    /** Before every id: where the first page starts. */
    public static final UUID FIRST = new UUID(0L, 0L);

    /** The most tokens one page may hold. */
    static final int MAX_PAGE = 10_000;

    @Inject
    Jdbc jdbc;

    @Inject
    KeystoreService keystores;

    /** How many active tokens the project has now. */
    public long count(UUID projectId) {
        return jdbc.first(PaymentTokenRows.EXPORT_COUNT, row -> row.getLong(1), projectId).orElse(0L);
    }

    /**
     * The project's active tokens whose id comes after {@code after} ({@link #FIRST} for the first page), at most
     * {@code size}, in id order, each with its card number opened. A page shorter than {@code size} is the last.
     */
    public List<ExportedCard> page(UUID projectId, UUID after, int size) {
        if (size < 1 || size > MAX_PAGE) {
            throw new IllegalArgumentException("page size must be 1 to " + MAX_PAGE);
        }
        return jdbc.list(PaymentTokenRows.EXPORT_PAGE, this::opened, projectId, after, size);
    }

    private ExportedCard opened(ResultSet row) throws SQLException {
        UUID id = Jdbc.uuid(row, 1);
        String pan = keystores.cipher(Jdbc.uuid(row, 4)).open(row.getString(5), PaymentToken.aad(id));
        Address address = new Address(row.getString(9), row.getString(10), row.getString(11), row.getString(12),
                row.getString(13), row.getString(14), row.getString(15), row.getString(16), row.getString(17),
                row.getString(18));
        return new ExportedCard(id, row.getString(2), row.getString(3), pan, row.getInt(6), row.getInt(7),
                row.getString(8), address);
    }
}
