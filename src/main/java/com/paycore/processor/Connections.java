package com.paycore.processor;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.ProjectCaller;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.SecretBox;
import com.paycore.secret.SecretColumns;

/**
 * The one place where a processor route and merchant credentials become a {@link GatewayConnection}: every gateway call
 * (tokenization, authorize, later moves, settlement, card updater) gets its gateway and connection here. Also keeps
 * the merchant credentials (E9) in versions, so in-flight transactions finish on theirs.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class Connections {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    GatewayRegistry gateways;

    @Inject
    Clock clock;

    /**
     * Decrypted merchant credentials by project and version. A version never changes once written (E9 adds a new
     * one), so an entry never goes stale; the map is emptied when it reaches its bound rather than evicting by age.
     */
    private final Map<String, MerchantAccount> accounts = new ConcurrentHashMap<>();

    private static final int MAX_CACHED_ACCOUNTS = 10_000;

    /** A gateway and the connection a call to it goes out with. */
    public record Route(PaymentGateway gateway, GatewayConnection connection) {

        public UUID processorId() {
            return connection.processorId();
        }

        /** The version of the processor's settings this route uses: what a new transaction pins. */
        public int settingsVersion() {
            return connection.settingsVersion();
        }
    }

    /**
     * For a new operation of a project: its active processor (400 when it has none) with the project's merchant
     * credentials in their current version.
     */
    public Route connectionFor(UUID projectId, int credentialVersion) {
        return route(gateways.forProject(projectId), projectId, credentialVersion);
    }

    /**
     * For a new operation of an API-key caller: the active processor its request read (400 when it has none) with the
     * project's merchant credentials in their current version.
     */
    public Route connectionFor(ProjectCaller.Transacting project) {
        return activeConnectionFor(project).orElseThrow(() -> new AppException(ErrorCode.NO_ACTIVE_PROCESSOR));
    }

    /** Like {@link #connectionFor(ProjectCaller.Transacting)} without refusing: empty without an active processor. */
    public Optional<Route> activeConnectionFor(ProjectCaller.Transacting project) {
        return project.processor().map(processor -> gateways.active(processor, project.companyId()))
                .map(active -> route(active, project.projectId(), project.credentialVersion()));
    }

    /** Like {@link #connectionFor(UUID, int)} without refusing: empty when the project has no active processor. */
    public Optional<Route> activeConnectionFor(UUID projectId, int credentialVersion) {
        return gateways.activeProcessor(projectId).map(active -> route(active, projectId, credentialVersion));
    }

    /** A project's active processor with its merchant credentials in the given version. */
    private Route route(GatewayRegistry.Active active, UUID projectId, int credentialVersion) {
        return new Route(active.gateway(), active.connection(merchantAccount(projectId, credentialVersion)));
    }

    /** The gateway a merchant's credentials name (E9), refused unless this service has it ({@link Gateways}). */
    public static int requireSupportedGateway(Integer gateway) {
        return Gateways.requireSupported(gateway);
    }

    /** E9: a merchant id the credentials' gateway can send (gateway 2: field 42, at most 15 characters). */
    public static void requireMerchantIdFits(Integer gateway, String merchantId) {
        if (gateway != null && gateway == Gateways.ACQUIRER) {
            AcquirerSettings.requireMerchantId(merchantId);
        }
    }

    /**
     * For a move on an authorized transaction (capture, refund, reverse, settlement, reconciliation): what the
     * transaction pinned when it was authorized, the processor configuration, its gateway and settings version, and the
     * merchant-credential version of the time. Later edits or the deletion of the configuration change none of it.
     */
    public Route connectionFor(UUID projectId, UUID processorId, int gateway, int settingsVersion,
                               int credentialVersion) {
        return new Route(gateways.of(gateway),
                gateways.connection(processorId, settingsVersion, merchantAccount(projectId, credentialVersion)));
    }

    /** E9: a new version of a project's merchant credentials, the api key encrypted for this version. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void addCredentials(UUID projectId, int version, String merchantId, String apiKey, int gateway,
                               boolean testMode) {
        em.persist(new MerchantCredential(projectId, version, merchantId,
                SecretBox.get().encrypt(apiKey, "merchant-credential:" + projectId + ":" + version),
                gateway, testMode, OffsetDateTime.now(clock)));
    }

    /** Merchant credentials are sealed under the master key: re-wrapped onto the current one at startup. */
    void sealedColumns(@Observes SecretColumns columns) {
        columns.add("merchant_credentials", "api_key", row -> "merchant-credential:" + row[0] + ":" + row[1],
                "project_id", "credential_version");
    }

    /**
     * The merchant credentials of a project in one version (the version a transaction pinned at authorization),
     * decrypted for a processor call. Version 0, or a project that never had credentials: {@link MerchantAccount#NONE}.
     */
    private MerchantAccount merchantAccount(UUID projectId, int version) {
        if (version == 0) {
            return MerchantAccount.NONE;
        }
        String key = projectId + ":" + version;
        MerchantAccount cached = accounts.get(key);
        if (cached != null) {
            return cached;
        }
        MerchantAccount account = storedAccount(projectId, version);
        if (account != MerchantAccount.NONE) {
            if (accounts.size() >= MAX_CACHED_ACCOUNTS) {
                accounts.clear();
            }
            accounts.put(key, account);
        }
        return account;
    }

    private MerchantAccount storedAccount(UUID projectId, int version) {
        return em.createQuery(ProcessorRows.MERCHANT_CREDENTIAL, MerchantCredential.class)
                .setParameter("project", projectId).setParameter("version", version)
                .getResultStream().findFirst()
                .map(c -> new MerchantAccount(version, c.merchantId(), SecretBox.get().decryptString(c.apiKey(),
                        "merchant-credential:" + projectId + ":" + version), c.testMode()))
                .orElse(MerchantAccount.NONE);
    }
}
