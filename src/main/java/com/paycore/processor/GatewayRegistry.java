package com.paycore.processor;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import com.paycore.access.ProjectCaller;
import com.paycore.platform.data.Jpql;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * Chooses the {@link PaymentGateway} for a project (its active processor configuration's {@code gateway}) or for a
 * transaction (the gateway it was authorized on). Implementations are the CDI beans of type PaymentGateway.
 */
@ApplicationScoped
class GatewayRegistry {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    @Any
    Instance<PaymentGateway> implementations;

    private Map<Integer, PaymentGateway> byGateway;

    /**
     * Decrypted and parsed settings by processor configuration, with the row version they were read at: a changed
     * configuration has a new version, so an entry is used only for the version asked for and never goes stale.
     */
    private final Map<UUID, Versioned> settings = new ConcurrentHashMap<>();

    private record Versioned(long version, JsonObject settings) {
    }

    @PostConstruct
    void collect() {
        byGateway = implementations.stream().collect(Collectors.toUnmodifiableMap(PaymentGateway::gateway, Function.identity()));
    }

    /** The processor configuration new operations of a project go to, its gateway and its settings. */
    record Active(UUID processorId, PaymentGateway gateway, JsonObject settings) {

        /** The connection for a call under the given merchant account. */
        Connection connection(MerchantAccount merchant) {
            return new Connection(processorId, settings, merchant);
        }

        @Override
        public String toString() {
            return "Active[" + processorId + ", gateway " + gateway.gateway() + "]";
        }
    }

    /** The project's active processor (the oldest, when several are active); 400 when it has none. */
    Active forProject(UUID projectId) {
        return activeProcessor(projectId).orElseThrow(() -> new AppException(ErrorCode.NO_ACTIVE_PROCESSOR));
    }

    /** Like {@link #forProject} without refusing: empty when the project has no active processor. */
    Optional<Active> activeProcessor(UUID projectId) {
        return em.createQuery("select p from Processor p where p.projectId = :project and p.deletedAt is null and "
                        + Jpql.is("p.active", true) + " order by p.createdAt, p.id", Processor.class)
                .setParameter("project", projectId).setMaxResults(1).getResultStream().findFirst()
                .map(p -> new Active(p.id(), of(p.gateway()), settingsOf(p)));
    }

    /**
     * The active processor a request's caller read with its key (id, gateway, version): its settings come from
     * memory when that version was decrypted before, else from its row.
     */
    Active active(ProjectCaller.ActiveProcessor processor) {
        Versioned hit = cached(processor.id(), processor.version());
        JsonObject current = hit != null ? hit.settings()
                : Optional.ofNullable(em.find(Processor.class, processor.id())).map(this::settingsOf).orElse(null);
        return new Active(processor.id(), of(processor.gateway()), current);
    }

    /**
     * The connection of a processor configuration for calls on transactions authorized through it: its settings
     * (deleted or deactivated configurations included) and the given merchant account.
     */
    Connection connection(UUID processorId, MerchantAccount merchant) {
        Processor processor = em.find(Processor.class, processorId);
        return new Connection(processorId, processor == null ? null : settingsOf(processor), merchant);
    }

    /** A configuration's settings, decrypted once per row version. */
    private JsonObject settingsOf(Processor processor) {
        Versioned hit = cached(processor.id(), processor.version());
        if (hit != null) {
            return hit.settings();
        }
        JsonObject decrypted = ProcessorService.settingsOf(processor);
        settings.put(processor.id(), new Versioned(processor.version(), decrypted));
        return decrypted;
    }

    /** What was decrypted before for exactly this version of the configuration; null when nothing was. */
    private Versioned cached(UUID processorId, long version) {
        Versioned cached = settings.get(processorId);
        return cached != null && cached.version() == version ? cached : null;
    }

    /** The implementation of a gateway value, for operations on transactions authorized through it. */
    PaymentGateway of(int gateway) {
        PaymentGateway implementation = byGateway.get(gateway);
        if (implementation == null) {
            throw new AppException(ErrorCode.UNSUPPORTED_GATEWAY, String.valueOf(gateway));
        }
        return implementation;
    }
}
