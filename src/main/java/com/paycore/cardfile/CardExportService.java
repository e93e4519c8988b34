package com.paycore.cardfile;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.access.Caller;
import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectRef;
import com.paycore.apikey.ApiKeyService;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Ids;
import com.paycore.platform.input.Times;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.run.Runs;
import com.paycore.vault.ExportedCard;
import com.paycore.vault.TokenExport;

/**
 * Card exports (DESIGN.md section 13): a project's active tokens as one OpenPGP message for the vault the merchant moves
 * to, asked for and downloaded by platform administrators only. The message is written by a long run: pages of the
 * project's tokens (from the vault, card numbers opened) go as CSV through {@link CardExportWriter} straight into
 * stored parts, each part one auto-committed insert, so neither the cards nor the file are ever whole in memory. The
 * file can be downloaded once within 24 hours of the run's success; its parts are deleted after the download, when the
 * run fails, and (expired, or lost with their instance) by retention ({@link CardExportRetention}).
 */
@ApplicationScoped
class CardExportService {

    private static final Logger LOG = Logger.getLogger(CardExportService.class.getName());

    static final String KIND = "CardExport";
    /** How long a succeeded export's file can be downloaded. */
    static final Duration DOWNLOADABLE = Duration.ofHours(24);
    /** Renewed with every page: an export not renewed for this long lost its instance and is shown Failed. */
    static final Duration LEASE = Duration.ofMinutes(5);
    static final int PAGE = 500;
    static final String INTERRUPTED = "interrupted: the instance writing it stopped before it ended; ask for a new export";

    enum State { Running, Succeeded, Failed }

    /** What the run's outcome shows. */
    public record Outcome(UUID exportId, long tokens, long bytes) {
    }

    @Inject
    Caller caller;

    @Inject
    ProjectAccess projects;

    @Inject
    ApiKeyService keys;

    @Inject
    TokenExport tokens;

    @Inject
    AuditLog audit;

    @Inject
    Runs runs;

    @Inject
    Jdbc jdbc;

    @Inject
    Clock clock;

    @Inject
    CardExportService self;

    /**
     * Starts an export: platform administrators only (checked first), a known project, a recipient key that can
     * encrypt and a usable FileContentPGPKey of the project to sign with, each a 400 before anything runs. One export of
     * a company runs at a time (409 naming the running one).
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public CardExportStarted start(CardExportRequest request) {
        caller.requirePlatformAdmin();
        UUID projectId = Bodies.requiredId(request, "companyProjectId", request == null ? null : request.companyProjectId);
        ProjectRef project = projects.asAdmin(projectId);
        CardExportRecipient.Recipient recipient = CardExportRecipient.parse(request.recipientPublicKey, clock.instant());
        List<ApiKeyService.FileKeyRing> signers = keys.fileKeyRings(project.id());
        if (signers.isEmpty()) {
            throw AppException.invalid("companyProjectId: the project has no usable FileContentPGPKey to sign the export "
                    + "with (create one, or reactivate one, first)");
        }
        ApiKeyService.FileKeyRing signer = signers.get(0);
        UUID id = Ids.newId();
        OffsetDateTime now = now();
        jdbc.update(CardExportRows.INSERT, id, project.id(), project.companyId(), caller.userId(),
                recipient.fingerprint(), signer.id(), now, now.plus(LEASE));
        Runs.Begun begun;
        try {
            begun = runs.begin(KIND, project.companyId(),
                    progress -> self.write(id, project.id(), project.companyId(), request.recipientPublicKey, signer,
                            progress));
        } catch (RuntimeException e) {
            jdbc.update(CardExportRows.DELETE, id);
            throw e;
        }
        if (!begun.started()) {
            jdbc.update(CardExportRows.DELETE, id);
            throw new AppException(ErrorCode.CONFLICT, "A " + KIND + " run is already running for the project's company: "
                    + begun.id() + " (GET /api/adm/runs/" + begun.id() + "); ask again when it has finished");
        }
        jdbc.update(CardExportRows.SET_RUN, begun.id(), id);
        audit.record("CardExportStarted", project.companyId(), "CardExport", id,
                "project=" + project.id() + " recipientFingerprint=" + recipient.fingerprint() + " signerKey="
                        + signer.id());
        return new CardExportStarted(id, begun.id(), State.Running.name());
    }

    /**
     * The run's work, outside any transaction so that each part and each page's progress commits at once. A failure
     * deletes what was written and ends the export Failed. The recipient's key comes as the text {@link #start} checked
     * (read again here, so that no BouncyCastle type shows in a bean's signature: they load with the first export).
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Outcome write(UUID id, UUID projectId, UUID companyId, String recipientPublicKey,
                         ApiKeyService.FileKeyRing signer, Runs.Progress progress) {
        try {
            CardExportRecipient.Recipient recipient = CardExportRecipient.parse(recipientPublicKey, clock.instant());
            progress.total(tokens.count(projectId));
            CardExportParts parts = new CardExportParts((seq, bytes) ->
                    jdbc.update(CardExportRows.INSERT_PART, Ids.newId(), id, seq, bytes));
            CardExportWriter writer = CardExportWriter.open(parts, recipient.encryptionKey(), signer.secretRing(),
                    clock.instant());
            OutputStream csv = writer.content();
            CardExportCsv.header(csv);
            long written = 0;
            UUID after = TokenExport.FIRST;
            List<ExportedCard> page;
            do {
                page = tokens.page(projectId, after, PAGE);
                for (ExportedCard card : page) {
                    CardExportCsv.row(csv, card);
                }
                if (!page.isEmpty()) {
                    after = page.get(page.size() - 1).tokenId();
                    written += page.size();
                    OffsetDateTime now = now();
                    if (jdbc.update(CardExportRows.PROGRESS, written, now.plus(LEASE), id) == 0) {
                        throw new IllegalStateException("the export is no longer Running");
                    }
                    progress.done(page.size());
                }
            } while (page.size() == PAGE);
            writer.finish();
            parts.close();
            OffsetDateTime now = now();
            if (jdbc.update(CardExportRows.SUCCEED, written, parts.bytes(), parts.parts(), now, now.plus(DOWNLOADABLE),
                    id) == 0) {
                throw new IllegalStateException("the export is no longer Running");
            }
            audit.record("CardExportWritten", companyId, "CardExport", id, "project=" + projectId + " tokens=" + written
                    + " recipientFingerprint=" + recipient.fingerprint());
            return new Outcome(id, written, parts.bytes());
        } catch (IOException | RuntimeException e) {
            String reason = "failed: the export could not be written (quote export id " + id + "); ask for a new export";
            LOG.log(Level.SEVERE, "Card export " + id + " failed", e);
            try {
                jdbc.update(CardExportRows.DELETE_PARTS, id);
                jdbc.update(CardExportRows.FAIL, reason, now(), id);
            } catch (RuntimeException unrecorded) {
                LOG.log(Level.WARNING, "Card export " + id + ": its failure could not be recorded (retention deletes "
                        + "its parts)", unrecorded);
            }
            throw new AppException(ErrorCode.CONFLICT, reason);
        }
    }

    /** An export as {@code GET /api/adm/cardExports/{id}} shows it: platform administrators only. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public CardExportView get(UUID id) {
        caller.requirePlatformAdmin();
        return view(find(id).orElseThrow(() -> AppException.notFound("Card export")));
    }

    /**
     * Writes a claimed download's message part by part (one part in memory), then deletes the parts, however the
     * writing ended (a download broken off is not repeated: the file went to the one download).
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public void stream(CardExportDownload download, OutputStream out) throws IOException {
        UUID id = download.id();
        try {
            for (int seq = 0; seq < download.parts(); seq++) {
                int n = seq;
                byte[] part = jdbc.first(CardExportRows.PART, row -> row.getBytes(1), id, n)
                        .orElseThrow(() -> new IOException("part " + n + " of card export " + id + " is missing"));
                out.write(part);
            }
            out.flush();
        } finally {
            try {
                jdbc.update(CardExportRows.DELETE_PARTS, id);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Card export " + id + ": parts not deleted after the download (retention "
                        + "deletes them at expiry)", e);
            }
        }
    }

    /**
     * The one download of a succeeded export, within 24 hours of its success, by a platform administrator: the first
     * request claims it (whatever instance answers), and every later one is 410, as after expiry. Running or Failed:
     * 409, there is no file.
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public CardExportDownload download(UUID id) {
        caller.requirePlatformAdmin();
        Stored export = find(id).orElseThrow(() -> AppException.notFound("Card export"));
        OffsetDateTime now = now();
        String state = shownState(export, now);
        if (!State.Succeeded.name().equals(state)) {
            throw new AppException(ErrorCode.CONFLICT, "The card export is " + state + ": there is no file to download"
                    + (State.Running.name().equals(state) ? " yet; follow GET /api/adm/cardExports/" + id : ""));
        }
        if (export.downloadedAt() != null) {
            throw gone("was downloaded at " + export.downloadedAt() + " and deleted; ask for a new export");
        }
        if (!export.expiresAt().isAfter(now)) {
            throw gone("expired at " + export.expiresAt() + " and was deleted; ask for a new export");
        }
        if (jdbc.update(CardExportRows.CLAIM, now, id, now) == 0) {
            throw gone("was downloaded or has expired, and was deleted; ask for a new export");
        }
        audit.record("CardExportDownloaded", export.companyId(), "CardExport", id,
                "project=" + export.projectId() + " recipientFingerprint=" + export.recipientFingerprint());
        return new CardExportDownload(id, export.parts(), export.messageBytes());
    }

    private static AppException gone(String what) {
        return new AppException(ErrorCode.GONE, "The card export's file " + what);
    }

    private Optional<Stored> find(UUID id) {
        return jdbc.first(CardExportRows.FIND, Stored::read, id);
    }

    /** A Running export whose lease ran out lost its instance: it is Failed (interrupted). */
    private static String shownState(Stored row, OffsetDateTime now) {
        return State.Running.name().equals(row.state()) && row.leaseUntil().isBefore(now) ? State.Failed.name()
                : row.state();
    }

    private CardExportView view(Stored row) {
        String state = shownState(row, now());
        String failure = State.Failed.name().equals(state) && row.failure() == null ? INTERRUPTED : row.failure();
        return new CardExportView(row.id(), row.projectId(), state, row.runId(), row.tokens(),
                row.recipientFingerprint(), failure, row.createdAt(), row.finishedAt(), row.expiresAt(),
                row.downloadedAt());
    }

    /** A row of card_exports as {@link CardExportRows#FIND} reads it. */
    record Stored(UUID id, UUID projectId, UUID companyId, UUID runId, String state, String recipientFingerprint,
               long tokens, String failure, OffsetDateTime createdAt, OffsetDateTime leaseUntil, OffsetDateTime finishedAt,
               OffsetDateTime expiresAt, OffsetDateTime downloadedAt, long messageBytes, int parts) {

        static Stored read(ResultSet r) throws SQLException {
            return new Stored(Jdbc.uuid(r, 1), Jdbc.uuid(r, 2), Jdbc.uuid(r, 3), Jdbc.uuid(r, 4), r.getString(5),
                    r.getString(6), r.getLong(7), r.getString(8), Jdbc.utc(r, 9), Jdbc.utc(r, 10), Jdbc.utc(r, 11),
                    Jdbc.utc(r, 12), Jdbc.utc(r, 13), r.getLong(14), r.getInt(15));
        }
    }

    private OffsetDateTime now() {
        return Times.utc(clock.instant());
    }
}
