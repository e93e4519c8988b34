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
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * Chooses the {@link PaymentGateway} for a project (its active processor configuration's {@code gateway}) or for a
 * transaction (the gateway and settings version it was authorized with). Implementations are the CDI beans of type
 * PaymentGateway.
 */
@ApplicationScoped
class GatewayRegistry {

    private static final int MAX_CACHED_SETTINGS = 10_000;

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    @Any
    Instance<PaymentGateway> implementations;

    private Map<Integer, PaymentGateway> byGateway;

    /**
     * Decrypted and parsed settings by processor configuration and version. A version is never changed once written,
     * so an entry never goes stale; the map is emptied when it reaches its bound rather than evicting by age.
     */
    private final Map<SettingsKey, JsonObject> settings = new ConcurrentHashMap<>();

    private record SettingsKey(UUID processorId, int version) {
    }

    @PostConstruct
    void collect() {
        byGateway = implementations.stream().collect(Collectors.toUnmodifiableMap(PaymentGateway::gateway, Function.identity()));
    }

    /** The processor configuration new operations of a project go to, its gateway and its settings. */
    record Active(UUID processorId, UUID companyId, int settingsVersion, PaymentGateway gateway, JsonObject settings) {

        /** The connection for a call under the given merchant account. */
        GatewayConnection connection(MerchantAccount merchant) {
            return new GatewayConnection(processorId, companyId, settingsVersion, settings, merchant);
        }

        @Override
        public String toString() {
            return "Active[" + processorId + ", gateway " + gateway.gateway() + ", settings " + settingsVersion + "]";
        }
    }

    /** The project's active processor (the oldest, when several are active); 400 when it has none. */
    Active forProject(UUID projectId) {
        return activeProcessor(projectId).orElseThrow(() -> new AppException(ErrorCode.NO_ACTIVE_PROCESSOR));
    }

    /** Like {@link #forProject} without refusing: empty when the project has no active processor. */
    Optional<Active> activeProcessor(UUID projectId) {
        return em.createQuery(ProcessorRows.ACTIVE_OF_PROJECT, Processor.class)
                .setParameter("project", projectId).setMaxResults(1).getResultStream().findFirst()
                .map(p -> new Active(p.id(), p.companyId(), p.settingsVersion(), of(p.gateway()),
                        settings(p.id(), p.settingsVersion())));
    }

    /**
     * The active processor a request's caller read with its key (id, gateway, settings version), for a caller of the
     * given company: its settings come from memory when that version was decrypted before, else from its row.
     */
    Active active(ProjectCaller.ActiveProcessor processor, UUID companyId) {
        return new Active(processor.id(), companyId, processor.settingsVersion(), of(processor.gateway()),
                settings(processor.id(), processor.settingsVersion()));
    }

    /**
     * The connection of a processor configuration for calls on transactions authorized through it: the settings
     * version they pinned (deleted or deactivated configurations included) and the given merchant account.
     */
    GatewayConnection connection(UUID processorId, int settingsVersion, MerchantAccount merchant) {
        Processor processor = em.find(Processor.class, processorId);
        return new GatewayConnection(processorId, processor == null ? null : processor.companyId(), settingsVersion,
                settings(processorId, settingsVersion), merchant);
    }

    /** One version of a configuration's settings, decrypted once; null for version 0 or a version never written. */
    JsonObject settings(UUID processorId, int version) {
        if (version == 0) {
            return null;
        }
        SettingsKey key = new SettingsKey(processorId, version);
        JsonObject hit = settings.get(key);
        if (hit != null) {
            return hit;
        }
        Optional<JsonObject> stored = em.createQuery(ProcessorRows.SETTINGS, ProcessorSettings.class)
                .setParameter("processor", processorId).setParameter("version", version)
                .getResultStream().findFirst().map(ProcessorService::settingsOf);
        stored.ifPresent(decrypted -> {
            if (settings.size() >= MAX_CACHED_SETTINGS) {
                settings.clear();
            }
            settings.put(key, decrypted);
        });
        return stored.orElse(null);
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
