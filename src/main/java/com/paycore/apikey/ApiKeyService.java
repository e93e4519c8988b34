package com.paycore.apikey;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectRef;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.LookupKey;
import com.paycore.secret.SecretBox;
import com.paycore.secret.SecretColumns;

/**
 * Project API keys. A project always keeps at least one usable key: every change that could end a key's use runs
 * under a lock on the project row, so concurrent requests on any number of instances are serialized.
 */
@ApplicationScoped
@Transactional
public class ApiKeyService {

    @Inject
    LookupKey lookupKey;

    @Inject
    ApiKeyRepository keys;

    @Inject
    ProjectAccess projects;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "payments.keys.default-validity-days", defaultValue = "365")
    int defaultValidityDays;

    /**
     * A new project starts with an active TransactionRSAKey, so the invariant holds from birth: called by the project
     * feature in the transaction that creates the project.
     */
    public void firstKey(UUID projectId, UUID companyId) {
        ApiKey key = generate(projectId, KeyType.TransactionRSAKey, OffsetDateTime.now(clock).plusDays(defaultValidityDays));
        key.describe("Default", "Created with the project");
        audit.record("ApiKeyCreated", companyId, "ApiKey", key.id(), "type=TransactionRSAKey, first key of the project");
    }

    ApiKey create(CreateApiKeyRequest request) {
        ProjectRef project = projects.asAdmin(Bodies.requiredId(request, "companyProjectId", request.companyProjectId));
        Bodies.validate(request);
        KeyType type = KeyType.parse(request.type);
        OffsetDateTime now = OffsetDateTime.now(clock);
        OffsetDateTime expiration = request.expirationDate != null ? request.expirationDate : now.plusDays(defaultValidityDays);
        if (!expiration.isAfter(now)) {
            throw AppException.invalid("expirationDate: must be in the future");
        }
        ApiKey key = generate(project.id(), type, expiration);
        key.describe(request.name, request.description);
        audit.record("ApiKeyCreated", project.companyId(), "ApiKey", key.id(), "type=" + type);
        return key;
    }

    /**
     * A new key with its value, for the console's page that shows it once: the create and E12 (the same callers, the
     * same audit rows: ApiKeyCreated, then ApiKeyRevealed) in one transaction.
     */
    public ApiKeyView.Revealed createRevealed(CreateApiKeyRequest request) {
        return reveal(create(request).id(), null, null);
    }

    public List<ApiKeyView> list(UUID projectId, String type, Boolean active, Page page) {
        if (projectId == null) {
            throw AppException.invalid("CompanyProjectId is required");
        }
        projects.asAdmin(projectId);
        return keys.list(projectId, type == null ? null : KeyType.parse(type), active, page).stream()
                .map(ApiKeyView::from).toList();
    }

    /** E6. The value never changes. */
    public void update(UUID id, UpdateApiKeyRequest request) {
        ApiKey key = keys.find(id).orElseThrow(() -> AppException.notFound("API key"));
        ProjectRef project = AppException.hidingForeign("API key", () -> projects.lockAsAdmin(key.projectId()));
        Bodies.validate(id, request, request.id);
        OffsetDateTime now = OffsetDateTime.now(clock);
        boolean wasUsable = key.usable(now);
        boolean wasActive = key.active();

        key.describe(request.name != null ? request.name : key.name(),
                request.description != null ? request.description : key.description());
        OffsetDateTime deactivation = request.deactivationDate != null ? request.deactivationDate : key.deactivationDate();
        if (Boolean.TRUE.equals(request.isActive) && request.deactivationDate == null) {
            deactivation = null;
        }
        key.schedule(request.expirationDate != null ? request.expirationDate : key.expirationDate(), deactivation);
        if (request.isActive != null) {
            key.activate(request.isActive);
        }
        if (deactivation != null && !deactivation.isAfter(now)) {
            key.activate(false); // a deactivation date in the past deactivates at once
        }
        if (wasUsable && !key.usable(now) && keys.otherUsableKeys(project.id(), id, now) == 0) {
            throw new AppException(ErrorCode.LAST_ACTIVE_KEY);
        }
        if (wasActive != key.active() || wasUsable != key.usable(now)) {
            audit.record(key.usable(now) ? "ApiKeyActivated" : "ApiKeyDeactivated", project.companyId(), "ApiKey", id, null);
        }
        audit.record("ApiKeyUpdated", project.companyId(), "ApiKey", id, null);
    }

    /** E12: the full value, to platform administrators and the company's Admins; audited, never logged. */
    public ApiKeyView.Revealed reveal(UUID keyId, UUID projectId, String type) {
        if (keyId == null) {
            throw AppException.invalid("keyId is required");
        }
        ApiKey key = keys.find(keyId).orElseThrow(() -> AppException.notFound("API key"));
        ProjectRef project = AppException.hidingForeign("API key", () -> projects.asAdmin(key.projectId()));
        if (projectId != null && !projectId.equals(key.projectId())
                || type != null && KeyType.parse(type) != key.type()) {
            throw AppException.notFound("API key");
        }
        String value = SecretBox.get().decryptString(key.encryptedValue(), purpose(key.id()));
        audit.record("ApiKeyRevealed", project.companyId(), "ApiKey", keyId, null);
        return ApiKeyView.Revealed.of(ApiKeyView.from(key), value);
    }

    /** The most FileContentPGPKeys a card file is tried against: the project's newest usable ones. */
    static final int MAX_FILE_KEYS = 20;

    /** A usable FileContentPGPKey with its binary, unprotected OpenPGP secret key ring (never leaves the service). */
    public record FileKeyRing(UUID id, byte[] secretRing) {
    }

    /**
     * The project's usable FileContentPGPKeys (active, before expiration and deactivation), newest first, at most
     * {@value #MAX_FILE_KEYS}: what a card file may be encrypted to, and the newest signs an export.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<FileKeyRing> fileKeyRings(UUID projectId) {
        return keys.newestUsable(projectId, KeyType.FileContentPGPKey, OffsetDateTime.now(clock), MAX_FILE_KEYS)
                .stream()
                .map(k -> new FileKeyRing(k.id(), SecretBox.get().decrypt(k.encryptedPrivateKey(),
                        "api-key-private:" + k.id())))
                .toList();
    }

    /** Other keys a securedProperties value is tried with, after the one that authenticated the request. */
    static final int MAX_OTHER_SECURED_KEYS = 4;

    /**
     * Decrypts a securedProperties value: RSA-OAEP with SHA-256 (digest and MGF1) under the project's usable
     * TransactionRSAKey that authenticated the request (when it is one), else one of the project's
     * {@value #MAX_OTHER_SECURED_KEYS} newest other usable TransactionRSAKeys: at most five RSA decryptions, however
     * many keys the project has (a garbage value must not cost one decryption per key). Empty when none of
     * them opens it.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<byte[]> decryptSecured(UUID projectId, UUID preferredKeyId, byte[] ciphertext) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        ApiKey authenticating = preferredKeyId == null ? null : keys.find(preferredKeyId)
                .filter(k -> k.projectId().equals(projectId) && k.type() == KeyType.TransactionRSAKey && k.usable(now))
                .orElse(null);
        List<ApiKey> newest = keys.newestUsable(projectId, KeyType.TransactionRSAKey, now, MAX_OTHER_SECURED_KEYS + 1);
        return firstOpening(securedCandidates(authenticating, newest, ApiKey::id), key -> open(key, ciphertext));
    }

    /**
     * The keys to try in order: the authenticating key (null: none), then the newest others, at most
     * {@value #MAX_OTHER_SECURED_KEYS} of them.
     */
    static <K> List<K> securedCandidates(K authenticating, List<K> newestFirst, Function<K, UUID> id) {
        List<K> candidates = new ArrayList<>();
        if (authenticating != null) {
            candidates.add(authenticating);
        }
        newestFirst.stream()
                .filter(k -> authenticating == null || !id.apply(k).equals(id.apply(authenticating)))
                .limit(MAX_OTHER_SECURED_KEYS)
                .forEach(candidates::add);
        return candidates;
    }

    /** The first plaintext one of the keys opens, trying each once in order. */
    static <K> Optional<byte[]> firstOpening(List<K> candidates, Function<K, Optional<byte[]>> open) {
        for (K key : candidates) {
            Optional<byte[]> opened = open.apply(key);
            if (opened.isPresent()) {
                return opened;
            }
        }
        return Optional.empty();
    }

    private static Optional<byte[]> open(ApiKey key, byte[] ciphertext) {
        try {
            byte[] pkcs8 = SecretBox.get().decrypt(key.encryptedPrivateKey(), "api-key-private:" + key.id());
            PrivateKey rsa = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            Cipher oaep = Cipher.getInstance("RSA/ECB/OAEPPadding");
            oaep.init(Cipher.DECRYPT_MODE, rsa, new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256,
                    PSource.PSpecified.DEFAULT));
            return Optional.of(oaep.doFinal(ciphertext));
        } catch (GeneralSecurityException wrongKey) {
            return Optional.empty();
        }
    }

    private ApiKey generate(UUID projectId, KeyType type, OffsetDateTime expiration) {
        UUID id = Ids.newId();
        KeyMaterial.Generated material = KeyMaterial.generate(type, "project-" + projectId);
        SecretBox box = SecretBox.get();
        ApiKey key = new ApiKey(id, projectId, type, lookupKey.hash(material.value()),
                box.encrypt(material.value(), purpose(id)), KeyMaterial.mask(material.value()), material.publicKey(),
                box.encrypt(material.privateKey(), "api-key-private:" + id), expiration);
        keys.add(key);
        return key;
    }

    /** Key values and private keys are sealed under the master key: re-wrapped onto the current one at startup. */
    void sealedColumns(@Observes SecretColumns columns) {
        columns.add("project_keys", "key_value", row -> purpose((UUID) row[0]), "id");
        columns.add("project_keys", "private_key", row -> "api-key-private:" + row[0], "id");
    }

    private static String purpose(UUID keyId) {
        return "api-key:" + keyId;
    }
}
