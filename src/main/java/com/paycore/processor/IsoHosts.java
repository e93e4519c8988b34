package com.paycore.processor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.logging.Logger;

/**
 * The ISO 8583 hosts of this instance: one {@link IsoHost} (its connections and their reader threads) per company and
 * endpoint, so a connection never carries two companies' messages. At most {@code maxHosts} of them: beyond, a message
 * to a new one is not sent (Error 91, a known outcome). A host no processor names any more is closed
 * ({@link #retainOnly}). Each host's care (reconnects, keep-alives) runs on a pool thread of its own, bounded by the
 * connection deadline, so a host that hangs delays no other.
 */
final class IsoHosts {

    private static final Logger LOG = Logger.getLogger(IsoHosts.class.getName());
    private static final long CAP_WARNING_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** What connections are kept for: a company and the endpoint its processor names. */
    record Key(UUID companyId, IsoHost.Endpoint endpoint) {

        @Override
        public String toString() {
            return "Key[company " + companyId + ", " + endpoint.label() + "]";
        }
    }

    private final Map<Key, IsoHost> hosts = new ConcurrentHashMap<>();
    private final Iso8583 codec;
    private final ThreadFactory threads;
    private final LongSupplier stans;
    private final Predicate<IsoHost.Endpoint> allowed;
    private final int maxHosts;
    private final ThreadPoolExecutor care;
    private final AtomicLong lastCapWarning = new AtomicLong(System.nanoTime() - CAP_WARNING_NANOS);

    IsoHosts(Iso8583 codec, ThreadFactory threads, LongSupplier stans, Predicate<IsoHost.Endpoint> allowed, int maxHosts) {
        this.codec = codec;
        this.threads = threads;
        this.stans = stans;
        this.allowed = allowed;
        this.maxHosts = maxHosts;
        this.care = new ThreadPoolExecutor(0, Math.max(1, maxHosts), 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
                threads);
    }

    /** The host for a company's endpoint, opened on first use; not sent when the cap is reached. */
    IsoHost host(UUID companyId, IsoHost.Endpoint endpoint) throws IsoHost.NotSent {
        Key key = new Key(companyId, endpoint);
        IsoHost found = hosts.get(key);
        if (found != null) {
            return found;
        }
        synchronized (hosts) {
            found = hosts.get(key);
            if (found != null) {
                return found;
            }
            if (hosts.size() >= maxHosts) {
                long last = lastCapWarning.get();
                if (System.nanoTime() - last >= CAP_WARNING_NANOS && lastCapWarning.compareAndSet(last, System.nanoTime())) {
                    LOG.warning("ISO 8583: " + maxHosts + " hosts are open (" + AcquirerGateway.MAX_HOSTS_SETTING
                            + "): a message to another host is not sent");
                }
                throw new IsoHost.NotSent("too many ISO 8583 hosts");
            }
            IsoHost created = new IsoHost(endpoint, codec, threads, stans, allowed);
            hosts.put(key, created);
            return created;
        }
    }

    /** The host of a company's endpoint when one is open; null otherwise. */
    IsoHost existing(UUID companyId, IsoHost.Endpoint endpoint) {
        return hosts.get(new Key(companyId, endpoint));
    }

    /** Every host, with what it is kept for. */
    Map<Key, IsoHost> all() {
        return Map.copyOf(hosts);
    }

    Collection<IsoHost> values() {
        return hosts.values();
    }

    /** Closes every host not among {@code named}: its connections and their threads end. Answers how many closed. */
    int retainOnly(Set<Key> named) {
        List<IsoHost> closed = new ArrayList<>();
        synchronized (hosts) {
            hosts.entrySet().removeIf(entry -> {
                if (named.contains(entry.getKey())) {
                    return false;
                }
                closed.add(entry.getValue());
                return true;
            });
        }
        closed.forEach(IsoHost::close);
        return closed.size();
    }

    /** One round of care: each host's on a thread of its own, skipped while its previous round still runs. */
    void care(long keepAliveTimeoutMillis) {
        for (IsoHost host : hosts.values()) {
            host.careOn(care, keepAliveTimeoutMillis);
        }
    }

    void close() {
        care.shutdownNow();
        synchronized (hosts) {
            hosts.values().forEach(IsoHost::close);
            hosts.clear();
        }
    }
}
