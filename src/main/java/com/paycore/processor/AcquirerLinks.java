package com.paycore.processor;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.ToLongFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.platform.runtime.InstanceFigures;
import com.paycore.platform.runtime.ProductionRefusals;
import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.web.AppException;

/**
 * The gateway-2 processor configurations as the ISO 8583 connector needs to know them: which company endpoints are
 * still named (hosts no configuration names are closed after every change on this instance, and every minute for
 * changes made on others), which active configurations connect without TLS (a refusal of the production guard), and
 * the per-host figures for /business-metrics.
 */
@ApplicationScoped
class AcquirerLinks implements ScheduledJob, InstanceFigures {

    private static final Logger LOG = Logger.getLogger(AcquirerLinks.class.getName());
    static final Duration SWEEP = Duration.ofSeconds(60);

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    GatewayRegistry registry;

    @Inject
    AcquirerGateway gateway;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService executor;

    /** This bean through its proxy: a sweep runs in a transaction of its own, so its reads get a fresh persistence context. */
    @Inject
    AcquirerLinks self;

    @Override
    public void arm(Schedules schedules) {
        schedules.withFixedDelay("iso8583-hosts", SWEEP, () -> self.sweep());
    }

    /** A configuration changed or was deleted here: its old host is let go as soon as the change is committed. */
    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) ProcessorService.ProcessorChanged change) {
        executor.execute(() -> {
            try {
                self.sweep();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "ISO 8583: the hosts could not be checked after a processor change; the next "
                        + "sweep does it", e);
            }
        });
    }

    /** Closes the hosts no gateway-2 configuration names any more, and forgets the figures of deleted ones. */
    @Transactional
    public void sweep() {
        Set<IsoHosts.Key> named = new HashSet<>();
        Set<UUID> processors = new HashSet<>();
        for (Processor processor : gatewayTwo(false)) {
            processors.add(processor.id());
            AcquirerSettings settings = settingsOf(processor);
            if (settings != null) {
                named.add(new IsoHosts.Key(processor.companyId(), settings.endpoint()));
            }
        }
        gateway.retainOnly(named, processors);
    }

    /** In production, an active gateway-2 configuration without TLS keeps the instance not ready. */
    void productionRefusals(@Observes ProductionRefusals refusals) {
        long plain = gatewayTwo(true).stream().map(this::settingsOf).filter(s -> s != null && !s.tls()).count();
        if (plain > 0) {
            refusals.add("payments.iso8583 (gateway 2)", plain + " active gateway-2 processor configuration(s) connect "
                    + "without TLS (settings.tls false): production needs TLS to the acquirer");
        }
    }

    /** Per host of this instance, by company and endpoint: open connections and messages. */
    @Override
    public String exposition() {
        Map<IsoHosts.Key, IsoHost> hosts = gateway.hosts();
        if (hosts.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        figure(text, hosts, "payments_iso8583_host_open_connections", "Open connections to an ISO 8583 host",
                host -> host.openConnections());
        figure(text, hosts, "payments_iso8583_host_sent_messages", "ISO 8583 requests sent to a host", h -> h.sent.sum());
        figure(text, hosts, "payments_iso8583_host_answered_messages", "ISO 8583 requests a host answered",
                h -> h.answered.sum());
        figure(text, hosts, "payments_iso8583_host_unanswered_messages", "ISO 8583 requests a host did not answer in time",
                h -> h.unanswered.sum());
        figure(text, hosts, "payments_iso8583_host_unsent_messages", "ISO 8583 requests that could not be sent to a host",
                h -> h.notSent.sum());
        return text.toString();
    }

    private static void figure(StringBuilder text, Map<IsoHosts.Key, IsoHost> hosts, String name, String help,
                               ToLongFunction<IsoHost> reading) {
        text.append("# HELP ").append(name).append(' ').append(help).append(" (this instance), by company and endpoint\n");
        text.append("# TYPE ").append(name).append(" gauge\n");
        hosts.forEach((key, host) -> text.append(name).append("{company=\"").append(key.companyId())
                .append("\",endpoint=\"").append(key.endpoint().label()).append("\"} ")
                .append(reading.applyAsLong(host)).append('\n'));
    }

    private List<Processor> gatewayTwo(boolean activeOnly) {
        return em.createQuery(ProcessorRows.OF_GATEWAY + (activeOnly ? ProcessorRows.ACTIVE : ""), Processor.class)
                .setParameter("gateway", Gateways.ACQUIRER).getResultList();
    }

    /** A configuration's current settings as gateway 2 reads them; null when it has none or they do not parse. */
    private AcquirerSettings settingsOf(Processor processor) {
        JsonObject settings = registry.settings(processor.id(), processor.settingsVersion());
        if (settings == null) {
            return null;
        }
        try {
            return AcquirerSettings.of(settings, 1);
        } catch (AppException e) {
            return null;
        }
    }
}
