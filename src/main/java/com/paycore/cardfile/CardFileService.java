package com.paycore.cardfile;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectCaller;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Ids;
import com.paycore.platform.input.Times;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.run.Runs;

/**
 * Card files received (DESIGN.md section 13): the upload, streamed into the database as it arrives, and the reads of
 * a file, its list and its results. The processing is {@link CardFileWorker}'s. The API reads them for the project's
 * API key; the console reads them for a signed-in user through the {@code AsReader} methods, which let in whoever may
 * read the project (as its transactions).
 */
@ApplicationScoped
public class CardFileService {

    /** Chunks of results (up to {@code chunk-rows} lines each) read per query while they stream out. */
    private static final int RESULTS_PAGE = 4;

    @Inject
    Jdbc jdbc;

    @Inject
    CardFileSettings settings;

    @Inject
    CardFileWorker worker;

    @Inject
    Runs runs;

    @Inject
    Clock clock;

    @Inject
    ProjectAccess access;

    /**
     * Stores a card file as it arrives: parts of {@link CardFileSettings#PART_BYTES} written in one local database
     * transaction that commits when the body has ended, so a body cut short, refused or over the limit leaves nothing.
     * An empty body or one that does not start as an OpenPGP message is 400, one beyond
     * {@code payments.card-files.max-bytes} 413 (by its {@code Content-Length} before anything is read).
     */
    public CardFileUploadResponse receive(ProjectCaller.Transacting project, String name, Long declaredLength, InputStream body) {
        return receive(project, name, declaredLength, body, (session, received) -> { });
    }

    /**
     * {@link #receive(ProjectCaller.Transacting, String, Long, InputStream)}, with {@code beforeCommit} run in the
     * upload's transaction once the body has been read to its end (the idempotent answer commits with the file).
     */
    public CardFileUploadResponse receive(ProjectCaller.Transacting project, String name, Long declaredLength, InputStream body,
                                          BeforeCommit beforeCommit) {
        if (name != null && name.length() > 200) {
            throw AppException.invalid("name: at most 200 characters");
        }
        long max = settings.maxBytes();
        if (declaredLength != null && declaredLength > max) {
            throw new AppException(ErrorCode.BODY_TOO_LARGE, max);
        }
        byte[] first = read(body, CardFileSettings.PART_BYTES);
        if (first.length == 0) {
            throw AppException.invalid("the body is empty: send the OpenPGP message as the body");
        }
        if (!OpenPgpStart.looksLikeMessage(first)) {
            throw AppException.invalid("the body is not an OpenPGP message (binary or ASCII-armored)");
        }
        UUID id = Ids.newId();
        UUID runId = Ids.newId();
        CardFileUploadResponse received = new CardFileUploadResponse(id, runId, CardFile.State.Received.name());
        OffsetDateTime now = Times.utc(clock.instant());
        boolean held = worker.hasRoom();
        jdbc.transaction(session -> {
            session.update(CardFileRows.INSERT, id, project.projectId(), project.companyId(), runId, name, now,
                    held ? CardFileWorker.WORKER : null, held ? now.plus(settings.lease()) : null);
            long total = 0;
            int parts = 0;
            for (byte[] part = first; part.length > 0; part = read(body, CardFileSettings.PART_BYTES)) {
                total += part.length;
                if (total > max) {
                    throw new AppException(ErrorCode.BODY_TOO_LARGE, max);
                }
                session.update(CardFileRows.INSERT_PART, id, parts++, part);
            }
            session.update(CardFileRows.RECEIVED, total, parts, id);
            beforeCommit.run(session, received);
            return null;
        });
        runs.track(runId, CardFileWorker.RUN_KIND, project.companyId(), null);
        if (held) {
            worker.begin(id);
        }
        return received;
    }

    /** Work in a received file's transaction, after its last part, before the commit. */
    @FunctionalInterface
    interface BeforeCommit {
        void run(Jdbc.Session session, CardFileUploadResponse received) throws SQLException;
    }

    private static byte[] read(InputStream body, int max) {
        try {
            return body.readNBytes(max);
        } catch (IOException e) {
            throw AppException.invalid("the body could not be read to its end (cut short?); nothing was stored");
        }
    }

    /** One file of the project; 404 when it has none by that id. */
    public CardFileView get(UUID projectId, UUID id) {
        return CardFileView.of(find(projectId, id));
    }

    /** The project's files, newest first. */
    public List<CardFileView> list(UUID projectId, Page page) {
        return jdbc.list(CardFileRows.BY_PROJECT, CardFile::read, projectId, page.limit(), page.offset()).stream()
                .map(CardFileView::of).toList();
    }

    /** Checks that the file is the project's (404 otherwise) before its results stream out. */
    public void requireFile(UUID projectId, UUID id) {
        find(projectId, id);
    }

    /**
     * Writes the file's results as CSV (RFC 4180, UTF-8): the header line, then every row recorded so far in row
     * order, read a page at a time. No cell holds card data; a cell that a spreadsheet would take for a formula is
     * prefixed with {@code '}.
     */
    public void writeResults(UUID projectId, UUID id, OutputStream out) throws IOException {
        find(projectId, id);
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        writer.write(ResultLine.HEADER);
        writer.write("\r\n");
        long after = 0;
        while (true) {
            List<ResultChunk> page = jdbc.list(CardFileRows.RESULTS, row -> new ResultChunk(row.getLong(1),
                    row.getString(2)), id, after, RESULTS_PAGE);
            for (ResultChunk chunk : page) {
                writer.write(chunk.lines());
            }
            if (page.size() < RESULTS_PAGE) {
                break;
            }
            after = page.get(page.size() - 1).firstRow();
        }
        writer.flush();
    }

    /**
     * The project's files, newest first, each with the rows it holds once verified (for a progress bar), for a caller
     * who may read the project (404 otherwise, as for an unknown project).
     */
    public List<CardFileProgress> listAsReader(UUID projectId, Page page) {
        UUID project = access.asReader(projectId).id();
        return jdbc.list(CardFileRows.BY_PROJECT, CardFile::read, project, page.limit(), page.offset()).stream()
                .map(f -> new CardFileProgress(CardFileView.of(f), f.rowsTotal())).toList();
    }

    /** {@link #requireFile} for a caller who may read the project: 404 for an unknown or foreign project or file. */
    public void requireFileAsReader(UUID projectId, UUID id) {
        find(access.asReader(projectId).id(), id);
    }

    /** {@link #writeResults} for a caller who may read the project. */
    public void writeResultsAsReader(UUID projectId, UUID id, OutputStream out) throws IOException {
        writeResults(access.asReader(projectId).id(), id, out);
    }

    /** A chunk's lines of the results, as recorded. */
    private record ResultChunk(long firstRow, String lines) {
    }

    private CardFile find(UUID projectId, UUID id) {
        return jdbc.first(CardFileRows.BY_ID, CardFile::read, id, projectId)
                .orElseThrow(() -> AppException.notFound("Card file"));
    }
}
