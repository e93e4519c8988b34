package com.paycore.cardfile;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

import com.paycore.apikey.ApiKeyService;
import com.paycore.event.Events;
import com.paycore.event.Topic;
import com.paycore.keystore.CardCipher;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Times;
import com.paycore.vault.FileTokens;

/**
 * The writes of a card file's processing, each one database transaction: the claim, the first pass's verdict, each
 * chunk (its tokens, its rows' outcomes and the file's progress together) and the end. Every write after the claim is
 * conditional on the worker still holding the file ({@link LostFile} otherwise, and nothing is written): a worker
 * whose lease ran out while another instance took the file over cannot write a row twice.
 */
@ApplicationScoped
class CardFileLedger {

    /** The worker no longer holds the file: its lease ran out and another may have taken it. */
    static final class LostFile extends RuntimeException {
        LostFile(UUID fileId) {
            super("card file " + fileId + " is no longer held by this instance", null, false, false);
        }
    }

    /** What {@code cardFile.completed} carries (DESIGN.md section 10). */
    public record Completed(UUID id, String state, long rowsRead, long tokenized, long rejected) {
    }

    @Inject
    Jdbc jdbc;

    @Inject
    FileTokens tokens;

    @Inject
    Events events;

    @Inject
    ApiKeyService apiKeys;

    @Inject
    CardFileSignerService signers;

    @Inject
    Clock clock;

    /** Ids of files a worker may take now, oldest first, at most {@code max}. */
    List<UUID> claimable(int max) {
        return jdbc.list(CardFileRows.CLAIMABLE, row -> Jdbc.uuid(row, 1), now(), max);
    }

    /** Takes an unheld file for {@code worker} until {@code leaseUntil}; false when another took it first. */
    boolean claim(UUID id, String worker, OffsetDateTime leaseUntil) {
        return jdbc.update(CardFileRows.CLAIM, worker, leaseUntil, id, now()) == 1;
    }

    /**
     * The holder starts (or resumes) the file, unless an older file of its project is unfinished: then it lets the
     * file go, to wait Received for its turn. Answers the file as started, or empty when it was let go.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public Optional<CardFile> start(UUID id, String worker, OffsetDateTime leaseUntil) {
        if (jdbc.update(CardFileRows.START, now(), leaseUntil, id, worker) == 0) {
            jdbc.update(CardFileRows.RELEASE, id, worker);
            return Optional.empty();
        }
        return jdbc.first(CardFileRows.BY_ID_ANY_PROJECT, CardFile::read, id);
    }

    void renew(UUID id, String worker, OffsetDateTime leaseUntil) {
        if (jdbc.update(CardFileRows.RENEW, leaseUntil, id, worker) == 0) {
            throw new LostFile(id);
        }
    }

    /** The first pass read the whole message without failure: what it found, kept for the second pass. */
    void verified(UUID id, String worker, CardFileSummary summary, OffsetDateTime leaseUntil) {
        if (jdbc.update(CardFileRows.VERIFIED, UUID.fromString(summary.keyId()),
                summary.signerId() == null ? null : UUID.fromString(summary.signerId()), summary.rows(), leaseUntil,
                id, worker) == 0) {
            throw new LostFile(id);
        }
    }

    /** The project's keys a file is read with: its usable FileContentPGPKeys and its signers. */
    @Transactional(TxType.REQUIRES_NEW)
    public CardFileKeys keys(UUID projectId) {
        List<CardFileKeys.DecryptionKey> usable = apiKeys.fileKeyRings(projectId).stream()
                .map(k -> new CardFileKeys.DecryptionKey(k.id().toString(), k.secretRing())).toList();
        return new CardFileKeys(CardFileKeys.DecryptionKeys.of(usable), signers.signersOf(projectId));
    }

    /** What a chunk came to. */
    public record Chunk(long rowsRead, long tokenized, long rejected) {
    }

    /**
     * A row checked and, when good, sealed before its chunk's transaction: its reference when valid (kept, and checked
     * for repeats in the transaction), the row's own problem, and its token (which may be rejected, with E10's reason).
     * It holds no clear card number.
     */
    public record Sealed(long number, String reference, String problem, FileTokens.Prepared token) {
    }

    /**
     * Checks and seals a chunk's rows, outside any transaction (the reader does it while the chunk before is written).
     * A row whose reference repeats an earlier row's is only known in the chunk's transaction: its token is then
     * dropped unwritten.
     */
    List<Sealed> seal(CardFile file, List<CardRow> rows) {
        CardCipher.Sealer sealer = tokens.sealer();
        List<Sealed> sealed = new ArrayList<>(rows.size());
        for (CardRow row : rows) {
            String reference = row.cells().get("reference");
            if (CardRow.referenceProblem(reference) != null) {
                reference = null; // not kept: it is not a valid reference
            }
            FileTokens.Prepared token = row.bad() ? null
                    : tokens.prepare(file.projectId(), file.id(), reference, new FileTokens.FileCard(row.cells()),
                            sealer);
            sealed.add(new Sealed(row.number(), reference, row.problem(), token));
        }
        return sealed;
    }

    /**
     * One chunk of sealed rows, in order, following the {@code rowsBefore} rows already recorded: each good row's token
     * is written (a row whose reference an earlier row of the file holds is rejected instead), each bad one recorded as
     * a rejection; the tokens, the rows' outcomes and the file's progress are written together.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public Chunk chunk(CardFile file, String worker, long rowsBefore, List<Sealed> rows,
            OffsetDateTime leaseUntil) {
        Set<String> seen = referencesSeen(file.id(), rows);
        List<FileTokens.Prepared> made = new ArrayList<>(rows.size());
        StringBuilder results = new StringBuilder(rows.size() * 100);
        for (Sealed row : rows) {
            String reference = row.reference();
            String error = row.problem();
            FileTokens.Prepared token = null;
            if (error == null && !seen.add(reference)) {
                error = "reference: repeats an earlier row's";
            } else if (error == null) {
                token = row.token();
                error = token.rejection();
            } else if (reference != null) {
                seen.add(reference);
            }
            if (error != null) {
                results.append(ResultLine.rejected(row.number(), reference, clip(error)));
            } else {
                made.add(token);
                results.append(ResultLine.tokenized(row.number(), reference, token));
            }
        }
        long last = rows.get(rows.size() - 1).number();
        if (jdbc.update(CardFileRows.ADVANCE, last, made.size(), rows.size() - made.size(), leaseUntil, file.id(),
                worker, rowsBefore) == 0) {
            throw new LostFile(file.id());
        }
        tokens.write(made);
        jdbc.update(CardFileRows.INSERT_RESULTS, file.id(), rows.get(0).number(), results.toString());
        return new Chunk(last, made.size(), rows.size() - made.size());
    }

    /**
     * The references of the chunk's rows that earlier rows of the file hold; the others are added to the file's, in
     * the chunk's transaction (a chunk rolled back adds none).
     */
    private Set<String> referencesSeen(UUID fileId, List<Sealed> rows) {
        String[] references = rows.stream().map(Sealed::reference).filter(r -> r != null).distinct()
                .toArray(String[]::new);
        if (references.length == 0) {
            return new HashSet<>();
        }
        return jdbc.session(db -> {
            if (db.postgres()) {
                Set<String> seen = new HashSet<>(Arrays.asList(references));
                // one by one: removeAll of a list as long as the set would ask the list for each element (quadratic)
                db.list(CardFileRows.REFERENCES_ADD_POSTGRES, row -> row.getString(1), fileId, references)
                        .forEach(seen::remove);
                return seen;
            }
            Set<String> seen = new HashSet<>(db.list(CardFileRows.REFERENCES_HELD, row -> row.getString(1), fileId,
                    references));
            db.batch(CardFileRows.REFERENCE_ADD, Arrays.stream(references).filter(r -> !seen.contains(r))
                    .map(r -> new Object[] {fileId, r}).toList());
            return seen;
        });
    }

    private static String clip(String error) {
        return error.length() <= 300 ? error : error.substring(0, 297) + "...";
    }

    /**
     * The end of a file: Succeeded, or Failed with its reason; its ciphertext and its references deleted and its one
     * {@code cardFile.completed} event recorded, in one transaction. Answers the counts as they ended.
     */
    @Transactional(TxType.REQUIRES_NEW)
    public Completed end(UUID id, String worker, String failure) {
        CardFile.State state = failure == null ? CardFile.State.Succeeded : CardFile.State.Failed;
        OffsetDateTime now = now();
        if (jdbc.update(CardFileRows.END, state.name(), failure, now, id, worker) == 0) {
            throw new LostFile(id);
        }
        jdbc.update(CardFileRows.DELETE_PARTS, id);
        jdbc.update(CardFileRows.DELETE_REFERENCES, id);
        CardFile file = jdbc.first(CardFileRows.BY_ID_ANY_PROJECT, CardFile::read, id).orElseThrow();
        Completed completed = new Completed(id, state.name(), file.rowsRead(), file.tokenized(), file.rejected());
        events.record(Topic.CARD_FILE_COMPLETED, file.projectId(), file.companyId(), now, completed);
        return completed;
    }

    private OffsetDateTime now() {
        return Times.utc(clock.instant());
    }
}
