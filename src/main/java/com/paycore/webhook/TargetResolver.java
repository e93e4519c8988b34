package com.paycore.webhook;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Resolves a webhook target's host name once, on a thread of its own, and waits for it at most
 * {@code payments.webhooks.dns-timeout-ms}: a name server that never answers holds neither the delivery worker nor a
 * request thread longer than that (the JDK's look-up cannot be interrupted, so a slow one runs on, on its own
 * thread, until the system resolver gives up; the caller is told when it has ended, so a send's slot is held until
 * then and one tenant's slow names cannot pile up threads). The addresses answered are the ones checked and then
 * connected to ({@link WebhookSender}): nothing resolves the name a second time between the check and the connect.
 * At most a bounded number of look-ups run at once; beyond, a look-up fails at once like an unresolvable name.
 */
@ApplicationScoped
class TargetResolver {

    /** How a name becomes addresses (the JDK's resolver; tests give their own). */
    interface Lookup {
        InetAddress[] all(String host) throws UnknownHostException;
    }

    /** The name has no address, or none came in time. The message is for logs, never for a client. */
    static final class Unresolved extends Exception {
        private static final long serialVersionUID = 1L;

        Unresolved(String why) {
            super(why, null, false, false);
        }
    }

    @Inject
    WebhookSettings settings;

    private Lookup lookup = InetAddress::getAllByName;
    private Duration timeout;
    private ThreadPoolExecutor threads;

    @PostConstruct
    void start() {
        open(settings.dnsTimeout(), 2 * settings.maxConcurrentSends());
    }

    /** A resolver of its own (tests). */
    static TargetResolver over(Lookup lookup, Duration timeout, int maxThreads) {
        TargetResolver resolver = new TargetResolver();
        resolver.lookup = lookup;
        resolver.open(timeout, maxThreads);
        return resolver;
    }

    private void open(Duration timeout, int maxThreads) {
        this.timeout = timeout;
        AtomicInteger count = new AtomicInteger();
        threads = new ThreadPoolExecutor(0, maxThreads, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), task -> {
            Thread thread = new Thread(task, "webhook-dns-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @PreDestroy
    void stop() {
        threads.shutdownNow();
    }

    /** The host's addresses, within the timeout; {@code ended} runs once the look-up has ended (see the class). */
    InetAddress[] resolve(String host, Runnable ended) throws Unresolved {
        CompletableFuture<InetAddress[]> found = new CompletableFuture<>();
        try {
            threads.execute(() -> {
                try {
                    found.complete(lookup.all(host));
                } catch (Throwable e) {
                    found.completeExceptionally(e);
                } finally {
                    ended.run();
                }
            });
        } catch (RejectedExecutionException busy) {
            ended.run();
            throw new Unresolved("too many look-ups at once");
        }
        try {
            InetAddress[] addresses = found.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (addresses == null || addresses.length == 0) {
                throw new Unresolved("no address");
            }
            return addresses;
        } catch (TimeoutException e) {
            throw new Unresolved("no answer within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            throw new Unresolved("the name cannot be resolved");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unresolved("interrupted");
        }
    }

    /** The host's addresses, within the timeout (registration: nothing waits for the look-up's end). */
    InetAddress[] resolve(String host) throws Unresolved {
        return resolve(host, () -> { });
    }
}
