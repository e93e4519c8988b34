package com.paycore.cardfile;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Ids;
import com.paycore.platform.input.Times;
import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;
import com.paycore.run.Runs;

/**
 * Processes card files on every instance, off any HTTP worker and off the shared managed executor (threads of its own
 * from the server's managed thread factory, as many as {@code payments.card-files.workers}). Each instance
 * takes files it finds unheld ({@link CardFileRows#CLAIMABLE}: the oldest unfinished file of each project, so a
 * project's files go one at a time) under a lease, at most {@code payments.card-files.workers} at once, and reads
 * each in two passes over its stored ciphertext: the first decrypts and checks the whole message without acting on a
 * row (a crash during it restarts it); the second tokenizes from the row after the last recorded one, a chunk of
 * {@code payments.card-files.chunk-rows} rows per transaction, sealed by the file's reader while a writer thread writes
 * the chunk before (one chunk in flight). The chunks of all files of the instance take turns
 * (a fair semaphore), so files of different projects advance chunk by chunk. A file whose instance died is taken
 * over by any instance once its lease ({@code payments.card-files.lease-seconds}) has run out, and resumes from its
 * last committed chunk.
 */
@ApplicationScoped
class CardFileWorker implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(CardFileWorker.class.getName());
    static final String RUN_KIND = "CardFile";
    /** This process, as the files it holds name it: host and process, and a value of this start. */
    static final String WORKER = ManagementFactory.getRuntimeMXBean().getName() + "/" + Ids.newId();

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService executor;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    @Inject
    CardFileLedger ledger;

    @Inject
    CardFileSettings settings;

    @Inject
    Runs runs;

    @Inject
    Jdbc jdbc;

    @Inject
    Clock clock;

    /** The threads files are read on: {@code payments.card-files.workers} of them, not the shared executor's. */
    private ExecutorService readers;
    /** The threads the readers' chunks are written on, as many as the readers. */
    private ExecutorService writers;
    private final AtomicInteger working = new AtomicInteger();
    /** One chunk at a time per instance, in the order asked: the files being read take turns. */
    private final Semaphore turns = new Semaphore(1, true);
    private volatile boolean stopping;

    @Override
    public void arm(Schedules schedules) {
        schedules.withFixedDelay("card-files", settings.poll(), this::takeFiles);
    }

    @PostConstruct
    void startReaders() {
        readers = Executors.newFixedThreadPool(settings.workers(), threads);
        writers = Executors.newFixedThreadPool(settings.workers(), threads);
    }

    @PreDestroy
    void stop() {
        stopping = true;
        readers.shutdownNow();
        writers.shutdownNow();
    }

    /** Looks for files to take now (after a file was received or ended) rather than at the next poll. */
    void wake() {
        try {
            executor.submit(this::takeFiles);
        } catch (RejectedExecutionException stopping) {
            // the instance is stopping: the file waits for another instance or the next start
        }
    }

    /** Whether this instance may hold one more file now (a file it receives is then held from the start). */
    boolean hasRoom() {
        return !stopping && working.get() < settings.workers();
    }

    /** Takes unheld files while this instance has room for them, and starts reading each. */
    synchronized void takeFiles() {
        int room = settings.workers() - working.get();
        if (stopping || room <= 0) {
            return;
        }
        for (UUID id : ledger.claimable(room * 2)) {
            if (!hasRoom()) {
                return;
            }
            if (ledger.claim(id, WORKER, leaseUntil())) {
                begin(id);
            }
        }
    }

    /** Reads a file this instance holds, on one of the readers. */
    void begin(UUID id) {
        working.incrementAndGet();
        try {
            readers.submit(() -> {
                try {
                    ledger.start(id, WORKER, leaseUntil()).ifPresent(this::process);
                } finally {
                    working.decrementAndGet();
                }
                wake();
            });
        } catch (RejectedExecutionException e) {
            working.decrementAndGet(); // its lease runs out and another instance takes it
        }
    }

    /** Reads one file to its end, or until this instance loses it or cannot go on (another resumes it then). */
    private void process(CardFile file) {
        try {
            runs.track(file.runId(), RUN_KIND, file.companyId(), null);
            CardFileKeys keys = ledger.keys(file.projectId());
            CardFileLimits limits = new CardFileLimits(settings.maxExpandedBytes(), settings.maxRows(),
                    file.messageBytes());
            if (!file.verified()) {
                Pass pass = new Pass();
                CardFileSummary summary = CardFileReader.read(new Parts(file), keys, limits, 1, RowSink.ignoring());
                ledger.verified(file.id(), WORKER, summary, leaseUntil());
                runs.advance(file.runId(), summary.rows(), 0);
                LOG.info(() -> "card file " + file.id() + " verified: " + summary.rows() + " rows, " + summary.cipher()
                        + " (" + pass + ")");
            }
            Pass pass = new Pass();
            Chunks chunks = new Chunks(file);
            try {
                CardFileReader.read(new Parts(file), keys, limits, file.rowsRead() + 1, chunks::add);
                chunks.finish();
            } finally {
                chunks.settle();
            }
            LOG.info(() -> "card file " + file.id() + " rows done (" + pass + ")");
            end(file, null);
        } catch (CardFileException e) {
            end(file, e.getMessage());
        } catch (CardFileLedger.LostFile e) {
            LOG.warning(e.getMessage() + "; the instance that took it over goes on");
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "card file " + file.id() + " stopped; it resumes from its last chunk when its "
                    + "lease runs out", e);
        }
    }

    private void end(CardFile file, String failure) {
        CardFileLedger.Completed completed = ledger.end(file.id(), WORKER, failure);
        runs.end(file.runId(), completed, failure);
        LOG.info(() -> "card file " + file.id() + " " + completed.state() + ": " + completed.tokenized()
                + " tokenized, " + completed.rejected() + " rejected" + (failure == null ? "" : " (" + failure + ")"));
    }

    /** A pass's elapsed time and its thread's CPU time, as the log shows them. */
    private static final class Pass {
        private final long started = System.nanoTime();
        private final long cpuStarted = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();

        @Override
        public String toString() {
            long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStarted;
            return String.format(Locale.ROOT, "%.1f s, reader CPU %.1f s", (System.nanoTime() - started) / 1e9,
                    cpu / 1e9);
        }
    }

    private OffsetDateTime leaseUntil() {
        return Times.utc(clock.instant()).plus(settings.lease());
    }

    /**
     * The rows of the second pass, a chunk at a time: the reader checks and seals a full chunk, hands it to a writer
     * thread and goes on with the next one while the chunk is written. One chunk is in flight: the reader waits for
     * it to be written before it hands over the next, so the chunks commit in order and each one's duplicate check sees
     * the references of all before it. A chunk that could not be written stops the reading at the next hand-over,
     * with the writer's exception.
     */
    private final class Chunks {
        private final CardFile file;
        private List<CardRow> rows = new ArrayList<>();
        /** Rows recorded so far: read and written by the writer only, one chunk after the other. */
        private long recorded;
        private Future<?> writing = CompletableFuture.completedFuture(null);

        Chunks(CardFile file) {
            this.file = file;
            this.recorded = file.rowsRead();
        }

        void add(CardRow row) {
            if (stopping) {
                throw new IllegalStateException("the instance is stopping");
            }
            rows.add(row);
            if (rows.size() >= settings.chunkRows()) {
                handOver();
            }
        }

        /** Hands over the last, partial chunk and waits until every chunk is written. */
        void finish() {
            if (!rows.isEmpty()) {
                handOver();
            }
            awaitWritten();
        }

        /** Waits for a chunk still being written, whatever it comes to (the reading failed: the file ends or stops). */
        void settle() {
            try {
                writing.get();
            } catch (ExecutionException e) {
                // the reading's own failure is the one that counts
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void handOver() {
            List<CardFileLedger.Sealed> sealed = ledger.seal(file, rows);
            rows = new ArrayList<>(rows.size());
            awaitWritten();
            writing = writers.submit(() -> write(sealed));
        }

        private void awaitWritten() {
            try {
                writing.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException failure) {
                    throw failure;
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while a chunk was written", e);
            }
        }

        private void write(List<CardFileLedger.Sealed> sealed) {
            turns.acquireUninterruptibly();
            try {
                recorded = ledger.chunk(file, WORKER, recorded, sealed, leaseUntil()).rowsRead();
            } finally {
                turns.release();
            }
            runs.advance(file.runId(), null, recorded);
        }
    }

    /**
     * The file's stored ciphertext, part after part, read as one stream; the lease is renewed as it goes, so a long
     * first pass keeps the file, and a worker that lost it stops reading.
     */
    private final class Parts extends InputStream {
        private final CardFile file;
        private int next;
        private byte[] part = new byte[0];
        private int position;
        private long renewed = System.nanoTime();

        Parts(CardFile file) {
            this.file = file;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            while (position == part.length) {
                if (next == file.parts()) {
                    return -1;
                }
                part = jdbc.first(CardFileRows.PART, row -> row.getBytes(1), file.id(), next)
                        .orElseThrow(() -> new IOException("part " + next + " of card file " + file.id() + " is missing"));
                next++;
                position = 0;
                renewLease();
            }
            int n = Math.min(len, part.length - position);
            System.arraycopy(part, position, b, off, n);
            position += n;
            return n;
        }

        private void renewLease() throws IOException {
            if (System.nanoTime() - renewed < settings.lease().dividedBy(3).toNanos()) {
                return;
            }
            try {
                ledger.renew(file.id(), WORKER, leaseUntil());
            } catch (CardFileLedger.LostFile e) {
                throw new IOException(e.getMessage());
            }
            renewed = System.nanoTime();
        }
    }
}
