package com.paycore.processor;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.platform.SecretBox;
import com.paycore.platform.SecretColumns;

/**
 * The one place where a processor route and merchant credentials become a {@link Connection}: every gateway call
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

    /** A gateway and the connection a call to it goes out with. */
    public record Route(PaymentGateway gateway, Connection connection) {

        public UUID processorId() {
            return connection.processorId();
        }
    }

    /**
     * For a new operation of a project: its active processor (400 when it has none) with the project's merchant
     * credentials in their current version.
     */
    public Route connectionFor(UUID projectId, int credentialVersion) {
        GatewayRegistry.Active active = gateways.forProject(projectId);
        return new Route(active.gateway(), active.connection(merchantAccount(projectId, credentialVersion)));
    }

    /** Like {@link #connectionFor(UUID, int)} without refusing: empty when the project has no active processor. */
    public Optional<Route> activeConnectionFor(UUID projectId, int credentialVersion) {
        return gateways.activeProcessor(projectId)
                .map(active -> new Route(active.gateway(), active.connection(merchantAccount(projectId, credentialVersion))));
    }

    /** For a move on an authorized transaction: the gateway and processor it was authorized on, its credentials. */
    public Route connectionFor(PinnedConnection transaction) {
        return new Route(gateways.of(transaction.gateway()), gateways.connection(transaction.processorId(),
                merchantAccount(transaction.projectId(), transaction.credentialVersion())));
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
        return em.createQuery("select c from MerchantCredential c where c.projectId = :project "
                        + "and c.credentialVersion = :version", MerchantCredential.class)
                .setParameter("project", projectId).setParameter("version", version)
                .getResultStream().findFirst()
                .map(c -> new MerchantAccount(version, c.merchantId(), SecretBox.get().decryptString(c.apiKey(),
                        "merchant-credential:" + projectId + ":" + version), c.testMode()))
                .orElse(MerchantAccount.NONE);
    }
}
