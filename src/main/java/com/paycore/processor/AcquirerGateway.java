package com.paycore.processor;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricID;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

import com.paycore.platform.runtime.Settings;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.processor.IsoMessages.Reference;

/**
 * Gateway 2: an ISO 8583:1987 acquirer host over persistent TCP (or TLS) connections (DESIGN.md section 12). Each
 * operation is one request and its answer; the answer's field 39 is the result code. A request that could not be
 * sent is Error 91 (a known outcome); one sent and not answered in time is Pending, and the reconciliation job asks
 * {@link #queryOutcome}, which for ISO 8583 means reversing a timed-out authorization or sale ({@code 0400}, then
 * {@code 0401} until {@code 0410}: it ends Declined 68) and repeating a timed-out capture ({@code 0221}) or refund
 * ({@code 0201}) with its STAN and RRN until it is answered.
 * <p>
 * Connections to a host are shared by the processor configurations of one company naming the same endpoint, never by
 * two companies ({@link IsoHosts}); STAN and RRN come from database sequences ({@link IsoNumbers}), so no two instances
 * use the same STAN for unanswered messages. Card data goes in fields 2, 14 and 48 of the messages that need them and
 * nowhere else. Its figures on /metrics are labelled by processor id, never by host or port.
 */
@ApplicationScoped
class AcquirerGateway implements PaymentGateway {

    private static final Logger LOG = Logger.getLogger(AcquirerGateway.class.getName());
    static final String NOT_SENT = "91";
    /** The result code of an authorization that timed out and was reversed: "response received too late". */
    static final String REVERSED_LATE = "68";
    /** How many hosts (a company's endpoint) one instance keeps connections to, across all tenants. */
    static final String MAX_HOSTS_SETTING = "payments.iso8583.max-hosts";
    static final int DEFAULT_MAX_HOSTS = 100;
    
    @Inject
    IsoNumbers numbers;

    @Inject
    Instance<MetricRegistry> metrics;

    private final Iso8583 codec = new Iso8583();
    @Inject
    @ConfigProperty(name = TIMEOUT_SETTING)
    Optional<String> timeoutSetting;

    @Inject
    @ConfigProperty(name = MAX_HOSTS_SETTING)
    Optional<String> maxHostsSetting;

    private long defaultTimeoutMillis = 10_000;
    private int maxHosts = DEFAULT_MAX_HOSTS;
    private Predicate<IsoHost.Endpoint> allowed =
            endpoint -> AllowedEndpoints.configured().permits(endpoint.host(), endpoint.port());
    private volatile IsoHosts hosts;
    private ScheduledExecutorService care;

    /** Messages by processor configuration, for /metrics (labelled by its id). */
    private final Map<UUID, Traffic> traffic = new ConcurrentHashMap<>();

    /** One processor configuration's messages: sent, answered, unanswered, not sent; and the host they last went to. */
    static final class Traffic {
        final LongAdder sent = new LongAdder();
        final LongAdder answered = new LongAdder();
        final LongAdder unanswered = new LongAdder();
        final LongAdder unsent = new LongAdder();
        volatile IsoHosts.Key lastHost;
    }

    /** A configuration's message figures at /metrics: name, description, reading. */
    private record Figure(String name, String description, Function<Traffic, LongAdder> count) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("payments_iso8583_sent_messages", "ISO 8583 requests sent", t -> t.sent),
            new Figure("payments_iso8583_answered_messages", "ISO 8583 requests the host answered", t -> t.answered),
            new Figure("payments_iso8583_unanswered_messages",
                    "ISO 8583 requests sent and not answered in time (or their connection dropped first)", t -> t.unanswered),
            new Figure("payments_iso8583_unsent_messages", "ISO 8583 requests that could not be sent (no connection)",
                    t -> t.unsent));
    private static final String OPEN_CONNECTIONS = "payments_iso8583_open_connections";

    AcquirerGateway() {
    }

    @PostConstruct
    void readSettings() {
        defaultTimeoutMillis = Settings.wholeOrOff(TIMEOUT_SETTING, timeoutSetting.orElse(null), 10_000);
        long max = Settings.wholeOrOff(MAX_HOSTS_SETTING, maxHostsSetting.orElse(null), DEFAULT_MAX_HOSTS);
        if (max < 1 || max > 10_000) {
            throw new IllegalArgumentException(MAX_HOSTS_SETTING + " must be from 1 to 10000, got " + max);
        }
        maxHosts = (int) max;
    }

    /** Outside the container (tests): the given numbers, the default timeout, and this allow-list and cap. */
    AcquirerGateway(IsoNumbers numbers, Predicate<IsoHost.Endpoint> allowed, int maxHosts) {
        this.numbers = numbers;
        this.allowed = allowed;
        this.maxHosts = maxHosts;
    }

    @Override
    public int gateway() {
        return Gateways.ACQUIRER;
    }

    @Override
    public GatewayResult authorize(CardData card, BigDecimal amount, String currency, GatewayConnection connection) {
        return transaction(card, amount, currency, connection, false);
    }

    /** A sale: {@code 0200}, complete with its {@code 0210} (no {@code 0220} follows). */
    @Override
    public GatewayResult sale(CardData card, BigDecimal amount, String currency, GatewayConnection connection) {
        return transaction(card, amount, currency, connection, true);
    }

    private GatewayResult transaction(CardData card, BigDecimal amount, String currency, GatewayConnection connection,
                                      boolean sale) {
        AcquirerSettings settings = settings(connection);
        String merchant = merchantId(connection);
        String amountField = IsoMessages.amount(amount, currency);
        String currencyNumber = IsoMessages.currencyNumber(currency);
        String mti = sale ? "0200" : "0100";
        long[] numbered = numbers.stanAndRrn();
        String stan = IsoMessages.stan(numbered[0]);
        String rrn = IsoMessages.rrn(numbered[1]);
        Map<Integer, String> fields = IsoMessages.financial(settings, merchant, IsoMessages.PURCHASE, stan, rrn,
                currencyNumber);
        fields.put(2, card.number());
        fields.put(4, amountField);
        fields.put(14, IsoMessages.expiry(card));
        Reference sent = new Reference('T', mti, stan, fields.get(7), rrn, "", amountField, "", "");
        Iso8583.Message answer;
        try {
            answer = exchange(connection, settings, mti, fields);
        } catch (IsoHost.NotSent e) {
            return new GatewayResult(GatewayResult.Outcome.Error, NOT_SENT, null);
        } catch (IsoHost.NoAnswer e) {
            return GatewayResult.pending(sent.encode());
        }
        String code = answer.trimmed(39);
        GatewayResult.Outcome outcome = IsoMessages.outcome(code);
        if (outcome != GatewayResult.Outcome.Approved) {
            return new GatewayResult(outcome, code, null);
        }
        return new GatewayResult(outcome, code, new Reference('T', mti, stan, fields.get(7), rrn,
                Reference.approvalOf(answer.get(38)), amountField, "", "").encode());
    }

    /** {@code 0220} with the captured amount, the approval code and field 90 of the authorization. */
    @Override
    public GatewayResult capture(GatewayCall call, BigDecimal amount) {
        Reference original = reference(call);
        if ("0200".equals(original.mti())) {
            // A sale is complete with its 0210: no 0220 follows it.
            return new GatewayResult(GatewayResult.Outcome.Approved, "00", call.reference());
        }
        AcquirerSettings settings = settings(call.connection());
        String amountField = IsoMessages.amount(amount, call.currency());
        String stan = IsoMessages.stan(numbers.stan());
        Reference pending = original.as('C', "0220" + stan + IsoMessages.transmissionTime(), amountField);
        return sendCapture(pending, call, settings, false);
    }

    /**
     * The capture's message: first {@code 0220}, its repeats {@code 0221} with the same STAN and RRN (field 7 new on
     * each). Approved: the transaction's reference then also names the capture, for a later refund's field 90.
     */
    private GatewayResult sendCapture(Reference pending, GatewayCall call, AcquirerSettings settings, boolean repeat) {
        String stan = pending.follow().substring(4, 10);
        Map<Integer, String> fields = IsoMessages.financial(settings, merchantId(call.connection()),
                IsoMessages.PURCHASE, stan, pending.rrn(), IsoMessages.currencyNumber(call.currency()));
        if (!repeat) {
            fields.put(7, pending.follow().substring(10)); // the time field 90 of a refund will name
        }
        fields.put(4, pending.extra());
        fields.put(38, pending.approvalField());
        fields.put(90, IsoMessages.originalData(pending.mti(), pending.stan(), pending.time(), settings.acquirerId()));
        return answerOf(call.connection(), repeat ? "0221" : "0220", fields, settings, pending,
                pending.as('T', pending.follow(), "").encode());
    }

    @Override
    public boolean refundsNeedCard() {
        return true;
    }

    /** {@code 0200} with processing code 200000, the card, and field 90 of the capture or sale. */
    @Override
    public GatewayResult refund(GatewayCall call, BigDecimal amount) {
        Reference original = reference(call);
        if (call.card() == null) {
            throw AppException.invalid("paymentToken: the card of this transaction is no longer stored; it cannot be "
                    + "refunded through gateway 2");
        }
        String follow = !original.follow().isEmpty() ? original.follow()
                : original.mti() + original.stan() + original.time();
        String amountField = IsoMessages.amount(amount, call.currency());
        long[] numbered = numbers.stanAndRrn();
        String stan = IsoMessages.stan(numbered[0]);
        String rrn = IsoMessages.rrn(numbered[1]);
        Reference pending = new Reference('R', "0200", stan, "", rrn, "", amountField, follow, "");
        return sendRefund(pending, call, false);
    }

    private GatewayResult sendRefund(Reference pending, GatewayCall call, boolean repeat) {
        AcquirerSettings settings = settings(call.connection());
        Map<Integer, String> fields = IsoMessages.financial(settings, merchantId(call.connection()), IsoMessages.REFUND,
                pending.stan(), pending.rrn(), IsoMessages.currencyNumber(call.currency()));
        fields.put(2, call.card().number());
        fields.put(4, pending.amount());
        fields.put(14, IsoMessages.expiry(call.card()));
        String follow = pending.follow();
        fields.put(90, IsoMessages.originalData(follow.substring(0, 4), follow.substring(4, 10), follow.substring(10),
                settings.acquirerId()));
        return answerOf(call.connection(), repeat ? "0201" : "0200", fields, settings, pending, null);
    }

    /** {@code 0400} of the authorization; answered by any {@code 0410}, whatever its code. */
    @Override
    public GatewayResult reverse(GatewayCall call) {
        Reference original = reference(call);
        return reversal(original.as('V', "", IsoMessages.stan(numbers.stan())), call, false);
    }

    /**
     * The reversal of an authorization or sale: {@code 0400} first, {@code 0401} (same STAN) for its repeats. Kind V
     * (asked for) answers Approved when the {@code 0410} comes; kind A (the reconciliation of a timed-out
     * authorization) answers Declined 68. An {@code 0400} that could not be sent is no reversal yet: asked for, Error
     * 91; for a timed-out authorization, still pending on the authorization's reference (the next run sends an
     * {@code 0400}, never a repeat of a message the host did not get).
     */
    private GatewayResult reversal(Reference pending, GatewayCall call, boolean repeat) {
        AcquirerSettings settings = settings(call.connection());
        Map<Integer, String> fields = IsoMessages.financial(settings, merchantId(call.connection()),
                IsoMessages.PURCHASE, pending.extra(), pending.rrn(), IsoMessages.currencyNumber(call.currency()));
        fields.put(4, pending.amount());
        fields.put(90, IsoMessages.originalData(pending.mti(), pending.stan(), pending.time(), settings.acquirerId()));
        String mti = repeat ? "0401" : "0400";
        try {
            Iso8583.Message answer = exchange(call.connection(), settings, mti, fields);
            String code = answer.trimmed(39);
            if (pending.kind() == 'A') {
                return new GatewayResult(GatewayResult.Outcome.Declined, REVERSED_LATE, null);
            }
            return new GatewayResult(GatewayResult.Outcome.Approved, code == null || code.isEmpty() ? "00" : code,
                    pending.as('T', pending.follow(), "").encode());
        } catch (IsoHost.NotSent e) {
            if (repeat) {
                return GatewayResult.pending(pending.encode()); // the next run repeats it again
            }
            if (pending.kind() == 'V') {
                return new GatewayResult(GatewayResult.Outcome.Error, NOT_SENT, null);
            }
            // The timed-out authorization's 0400 never left: the next run sends an 0400 again, not a repeat of it.
            return GatewayResult.pending(call.reference());
        } catch (IsoHost.NoAnswer e) {
            return GatewayResult.pending(pending.encode());
        }
    }

    /** One request whose answer settles a move (capture, refund); Pending keeps what its repeat needs. */
    private GatewayResult answerOf(GatewayConnection connection, String mti, Map<Integer, String> fields,
                                   AcquirerSettings settings, Reference pending, String approvedReference) {
        try {
            Iso8583.Message answer = exchange(connection, settings, mti, fields);
            String code = answer.trimmed(39);
            GatewayResult.Outcome outcome = IsoMessages.outcome(code);
            return new GatewayResult(outcome, code, outcome == GatewayResult.Outcome.Approved ? approvedReference : null);
        } catch (IsoHost.NotSent e) {
            if (mti.endsWith("0")) {
                return new GatewayResult(GatewayResult.Outcome.Error, NOT_SENT, null);
            }
            return GatewayResult.pending(pending.encode()); // a repeat not sent: the next run tries again
        } catch (IsoHost.NoAnswer e) {
            return GatewayResult.pending(pending.encode());
        }
    }

    /** ISO 8583 has no settlement message here: the host settles its captures itself. */
    @Override
    public Settlement settle(GatewayCall call, BigDecimal amount) {
        return new Settlement(new GatewayResult(GatewayResult.Outcome.Approved, "00", call.reference()), false);
    }

    /**
     * The reconciliation job's question (DESIGN.md section 12): a timed-out authorization or sale is reversed
     * ({@code 0400}, then {@code 0401}); a timed-out capture or refund is repeated ({@code 0221}, {@code 0201}) with
     * its STAN and RRN; a timed-out reversal is repeated as {@code 0401}. Pending while the host does not answer.
     */
    @Override
    public GatewayResult queryOutcome(GatewayCall call) {
        Reference pending = reference(call);
        return switch (pending.kind()) {
            case 'T' -> reversal(pending.as('A', pending.follow(), IsoMessages.stan(numbers.stan())), call, false);
            case 'A', 'V' -> reversal(pending, call, true);
            case 'C' -> sendCapture(pending, call, settings(call.connection()), true);
            case 'R' -> {
                if (call.card() == null) {
                    yield GatewayResult.pending(call.reference());
                }
                yield sendRefund(pending, call, true);
            }
            default -> GatewayResult.pending(call.reference());
        };
    }

    /**
     * {@code 0100} for amount 0 with {@code CV2} and the CVV in field 48: {@code 00} verifies it. An unanswered or
     * unsent verification is not reversed.
     */
    @Override
    public Boolean verifyCvv(CardData card, String cvv, GatewayConnection connection) {
        AcquirerSettings settings = settings(connection);
        String merchant;
        try {
            merchant = merchantId(connection);
        } catch (AppException e) {
            return null; // cannot be sent without field 42: unknown, the token is created all the same
        }
        long[] numbered = numbers.stanAndRrn();
        Map<Integer, String> fields = IsoMessages.financial(settings, merchant, IsoMessages.PURCHASE,
                IsoMessages.stan(numbered[0]), IsoMessages.rrn(numbered[1]), "840");
        fields.put(2, card.number());
        fields.put(4, "000000000000");
        fields.put(14, IsoMessages.expiry(card));
        fields.put(48, "CV2" + (cvv == null ? "" : cvv));
        try {
            Iso8583.Message answer = exchange(connection, settings, "0100", fields);
            return "00".equals(answer.trimmed(39));
        } catch (IsoHost.NotSent | IsoHost.NoAnswer e) {
            LOG.info("Card verification on gateway 2 has no answer (" + e.getMessage() + "); validCVV is unknown (null)");
            return null;
        }
    }

    /** Gateway 2 has no account updater: every card reports no change. */
    @Override
    public AccountUpdate accountUpdate(CardData card, GatewayConnection connection) {
        return AccountUpdate.of(AccountUpdate.Kind.NoChange);
    }

    /** The hosts this instance has connections to, with their company and endpoint, for /health and the figures. */
    Map<IsoHosts.Key, IsoHost> hosts() {
        IsoHosts open = hosts;
        return open == null ? Map.of() : open.all();
    }

    /**
     * One request on the connections of the configuration's company to its endpoint, and its answer, counted for the
     * configuration's figures.
     */
    private Iso8583.Message exchange(GatewayConnection connection, AcquirerSettings settings, String mti,
                                     Map<Integer, String> fields) throws IsoHost.NotSent, IsoHost.NoAnswer {
        Traffic counted = traffic(connection.processorId());
        IsoHosts.Key key = new IsoHosts.Key(connection.companyId(), settings.endpoint());
        counted.lastHost = key;
        try {
            Iso8583.Message answer = open().host(key.companyId(), key.endpoint())
                    .exchange(new Iso8583.Message(mti, new TreeMap<>(fields)), settings.timeoutMs());
            counted.sent.increment();
            counted.answered.increment();
            return answer;
        } catch (IsoHost.NotSent e) {
            counted.unsent.increment();
            throw e;
        } catch (IsoHost.NoAnswer e) {
            counted.sent.increment();
            counted.unanswered.increment();
            throw e;
        }
    }

    /**
     * Closes the connections (and their threads) of every host no processor configuration names any more, and drops
     * the figures of configurations that are gone: {@code named} are the company endpoints still named,
     * {@code processors} the configurations still there.
     */
    void retainOnly(Set<IsoHosts.Key> named, Set<UUID> processors) {
        IsoHosts open = hosts;
        int closed = open == null ? 0 : open.retainOnly(named);
        if (closed > 0) {
            LOG.info(() -> "ISO 8583: closed the connections of " + closed + " host(s) no processor names any more");
        }
        traffic.keySet().removeIf(processorId -> {
            if (processors.contains(processorId)) {
                return false;
            }
            unregister(processorId);
            return true;
        });
    }

    /** The open connections of the host a configuration's messages last went to (0 when it is closed). */
    private int openConnections(Traffic counted) {
        IsoHosts.Key key = counted.lastHost;
        IsoHosts open = hosts;
        IsoHost host = key == null || open == null ? null : open.existing(key.companyId(), key.endpoint());
        return host == null ? 0 : host.openConnections();
    }

    private Traffic traffic(UUID processorId) {
        Traffic found = traffic.get(processorId);
        return found != null ? found : traffic.computeIfAbsent(processorId, id -> {
            Traffic created = new Traffic();
            register(id, created);
            return created;
        });
    }

    /**
     * A configuration's figures at /metrics, labelled by its id (never its host or port): messages sent, answered,
     * unanswered (no answer in time, or the connection dropped first) and not sent, and the open connections of its host.
     */
    private void register(UUID processorId, Traffic counted) {
        if (metrics == null || !metrics.isResolvable()) {
            return;
        }
        try {
            MetricRegistry registry = metrics.get();
            Tag tag = new Tag("processor", processorId.toString());
            for (Figure figure : FIGURES) {
                gauge(registry, figure.name(), figure.description(), counted, t -> figure.count().apply(t).sum(), tag);
            }
            gauge(registry, OPEN_CONNECTIONS, "Open connections to the processor's ISO 8583 host (0: unreachable or "
                    + "closed)", counted, this::openConnections, tag);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "The ISO 8583 metrics of processor " + processorId + " could not be registered", e);
        }
    }

    private void unregister(UUID processorId) {
        if (metrics == null || !metrics.isResolvable()) {
            return;
        }
        MetricRegistry registry = metrics.get();
        Tag tag = new Tag("processor", processorId.toString());
        FIGURES.forEach(figure -> registry.remove(new MetricID(figure.name(), tag)));
        registry.remove(new MetricID(OPEN_CONNECTIONS, tag));
    }

    private static void gauge(MetricRegistry registry, String name, String description, Traffic counted,
                              ToDoubleFunction<Traffic> reading, Tag tag) {
        registry.gauge(Metadata.builder().withName(name).withDescription(description).build(), counted,
                reading::applyAsDouble, tag);
    }

    /** The hosts, made with the care thread on first use. */
    private IsoHosts open() {
        IsoHosts open = hosts;
        return open != null ? open : startCare();
    }

    private synchronized IsoHosts startCare() {
        if (hosts != null) {
            return hosts;
        }
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = runnable -> {
            Thread thread = new Thread(runnable, "iso8583-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        IsoHosts created = new IsoHosts(codec, factory, numbers::stan, allowed, maxHosts);
        care = Executors.newSingleThreadScheduledExecutor(factory);
        care.scheduleWithFixedDelay(() -> {
            try {
                created.care(defaultTimeoutMillis);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "ISO 8583 connection care failed", e);
            }
        }, 1, 1, TimeUnit.SECONDS);
        hosts = created;
        return created;
    }

    /** Nothing keeps running once the application stops: the care threads end and every connection closes. */
    @PreDestroy
    synchronized void stop() {
        if (care != null) {
            care.shutdownNow();
        }
        if (hosts != null) {
            hosts.close();
            hosts = null;
        }
    }

    private AcquirerSettings settings(GatewayConnection connection) {
        return AcquirerSettings.of(connection == null ? null : connection.settings(), defaultTimeoutMillis);
    }

    private static String merchantId(GatewayConnection connection) {
        String merchant = connection == null || connection.merchant() == null ? null : connection.merchant().merchantId();
        if (merchant == null || merchant.isEmpty()) {
            throw AppException.invalid("merchantId: gateway 2 needs the project's merchant information (E9)");
        }
        AcquirerSettings.requireMerchantId(merchant);
        return merchant;
    }

    private static Reference reference(GatewayCall call) {
        try {
            return Reference.decode(call.reference());
        } catch (IllegalArgumentException e) {
            throw new AppException(ErrorCode.TRANSACTION_STATE, "without a gateway 2 reference",
                    "moved on gateway 2");
        }
    }
}
