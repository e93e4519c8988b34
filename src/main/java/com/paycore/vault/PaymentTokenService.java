package com.paycore.vault;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.ProjectCaller;
import com.paycore.apikey.ApiKeyService;
import com.paycore.audit.AuditLog;
import com.paycore.event.Events;
import com.paycore.keystore.CardCipher;
import com.paycore.keystore.KeystoreService;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Ids;
import com.paycore.platform.runtime.Randomness;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.processor.CardData;
import com.paycore.processor.Connections;
import com.paycore.secret.LookupKey;

/**
 * Card tokenization (E10) and the token's reads and deletion. The card number is sealed under the newest keystore
 * the moment it is validated; the CVV is checked once and only the result is kept.
 */
@ApplicationScoped
@Transactional
public class PaymentTokenService {

    /** Entries of securedProperties at most. */
    static final int MAX_SECURED_PROPERTIES = 5;
    static final Set<String> CARD_FIELDS = Set.of("cardNumber", "expirationMonth", "expirationYear", "cvv", "cardholderName");
    static final Set<String> ADDRESS_FIELDS = Set.of("firstName", "lastName", "email", "phone", "addressLine1",
            "addressLine2", "city", "state", "zip", "country");
    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    LookupKey lookupKey;

    @Inject
    ApiKeyService keys;

    @Inject
    KeystoreService keystores;

    @Inject
    AuditLog audit;

    @Inject
    Connections connections;

    @Inject
    Clock clock;

    @Inject
    Jdbc jdbc;

    @Inject
    Events outbox;

    @Inject
    Event<PaymentTokenErased> erasures;

    /** E10 for the request's API-key caller (an active project of an active company, else 400). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public TokenView create(ProjectCaller.Transacting project, CreateTokenRequest request) {
        Set<String> secured = securedPaths(request.securedProperties);
        Fields card = new Fields("creditCard", request.creditCard, secured, project.projectId(), project.keyId());
        Fields person = new Fields("personAddress", request.personAddress, secured, project.projectId(), project.keyId());
        Card validated = Card.validate(card.get("cardNumber"), card.get("expirationMonth"), card.get("expirationYear"),
                card.get("cvv"), YearMonth.now(clock));
        Boolean validCvv = verifyCvv(project, validated);
        Address address = new Address(person.get("firstName"), person.get("lastName"), person.get("email"),
                person.get("phone"), person.get("addressLine1"), person.get("addressLine2"), person.get("city"),
                person.get("state"), person.get("zip"), person.get("country"));
        PaymentToken token = new PaymentToken(Ids.newTimeOrderedId(), project.projectId(), newToken(),
                lookupKey.hash("pan:" + validated.pan()), validated, card.get("cardholderName"), validCvv, address);
        CardCipher cipher = project.newestKeystore() != null ? keystores.cipher(project.newestKeystore()) : keystores.current();
        token.seal(cipher.keystoreId(), cipher.seal(validated.pan(), token.aad()));
        // One auto-committed insert: no JTA transaction or unit of work for a single row (docs/PERFORMANCE.md).
        jdbc.insert(List.of(PaymentTokenRows.INSERT.sql()), List.<Object[]>of(PaymentTokenRows.INSERT.values(token)));
        return TokenView.from(token);
    }

    public TokenView get(UUID projectId, UUID id) {
        return TokenView.from(find(projectId, id, false));
    }

    /**
     * Erasure, in one database transaction: the sealed card number is destroyed and the token cannot be used again;
     * its personal data (name, e-mail, phone, street lines) and fingerprint are blanked on the token, in its past
     * events' data, and, through {@link PaymentTokenErased}, wherever other features copied them (docs/DECISIONS.md,
     * "Erasure of a deleted payment token").
     */
    public void delete(UUID projectId, UUID id) {
        PaymentToken token = find(projectId, id, true);
        PaymentTokenErased erased = token.erase(OffsetDateTime.now(clock));
        outbox.redact(projectId, id, erased.values());
        erasures.fire(erased);
        audit.record("PaymentTokenDeleted", null, "PaymentToken", id, "project=" + projectId);
    }

    /**
     * The card of a token for a processor call on an earlier transaction of the project (gateway 2 sends it with a
     * refund), whatever the token's state; empty once the token was erased (E12) or when it is not the project's.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<CardData> cardOf(UUID projectId, UUID tokenId) {
        if (tokenId == null) {
            return Optional.empty();
        }
        return jdbc.first(PaymentTokenRows.FOR_PAYMENT_BY_ID, PaymentToken.ForPayment::read, tokenId)
                .filter(t -> t.projectId().equals(projectId) && t.panCiphertext() != null && t.keystoreId() != null)
                .map(t -> new CardData(keystores.cipher(t.keystoreId()).open(t.panCiphertext(),
                        PaymentToken.aad(t.card().tokenId())), t.card().expirationMonth(), t.card().expirationYear()));
    }

    /**
     * A usable token of the project, by its {@code paymentToken} value (or its id), opened for a processor call.
     * Unknown, deleted, disabled or another project's: 400 (DESIGN.md section 9), all with the same answer.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public StoredCard forPayment(UUID projectId, String paymentToken) {
        if (paymentToken == null || paymentToken.isBlank()) {
            throw AppException.invalid("paymentToken: must not be blank");
        }
        String value = paymentToken.trim();
        Optional<PaymentToken.ForPayment> token;
        if (value.startsWith("tok_")) {
            token = jdbc.first(PaymentTokenRows.FOR_PAYMENT_BY_TOKEN, PaymentToken.ForPayment::read, value);
        } else {
            token = anId(value).flatMap(id -> jdbc.first(PaymentTokenRows.FOR_PAYMENT_BY_ID,
                    PaymentToken.ForPayment::read, id));
        }
        PaymentToken.ForPayment found = token.filter(t -> t.projectId().equals(projectId) && t.active())
                .orElseThrow(() -> new AppException(ErrorCode.UNKNOWN_PAYMENT_TOKEN));
        StoredCard card = found.card();
        String pan = keystores.cipher(found.keystoreId()).open(found.panCiphertext(), PaymentToken.aad(card.tokenId()));
        return card.opened(new CardData(pan, card.expirationMonth(), card.expirationYear()));
    }

    private static Optional<UUID> anId(String value) {
        try {
            return Optional.of(UUID.fromString(value));
        } catch (IllegalArgumentException notAnId) {
            return Optional.empty();
        }
    }

    /**
     * The CVV is verified once, by the gateway of the project's active processor. A project without one cannot
     * have it verified: validCVV is false. Null: the gateway does not know (gateway 2, no answer).
     */
    private Boolean verifyCvv(ProjectCaller.Transacting project, Card card) {
        // Not Optional.map: the gateway's null (unknown) must not turn into "no processor" (false).
        var route = connections.activeConnectionFor(project);
        if (route.isEmpty()) {
            return Boolean.FALSE;
        }
        return route.get().gateway().verifyCvv(new CardData(card.pan(), card.month(), card.year()), card.cvv(),
                route.get().connection());
    }

    private PaymentToken find(UUID projectId, UUID id, boolean lock) {
        PaymentToken token = lock ? em.find(PaymentToken.class, id, LockModeType.PESSIMISTIC_WRITE)
                : em.find(PaymentToken.class, id);
        if (token == null || token.deleted() || !token.projectId().equals(projectId)) {
            throw AppException.notFound("Payment token");
        }
        return token;
    }

    static String newToken() {
        byte[] bytes = new byte[24];
        Randomness.fill(bytes);
        return "tok_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * The paths of securedProperties, each known; at most {@value #MAX_SECURED_PROPERTIES} entries, so one request
     * costs at most that many times the keys each value is tried with (five) RSA decryptions.
     */
    static Set<String> securedPaths(List<String> paths) {
        if (paths == null) {
            return Set.of();
        }
        if (paths.size() > MAX_SECURED_PROPERTIES) {
            throw AppException.invalid("securedProperties: at most " + MAX_SECURED_PROPERTIES + " entries");
        }
        for (String path : paths) {
            String[] parts = path == null ? new String[0] : path.split("\\.", 2);
            boolean known = parts.length == 2 && ("creditCard".equals(parts[0]) && CARD_FIELDS.contains(parts[1])
                    || "personAddress".equals(parts[0]) && ADDRESS_FIELDS.contains(parts[1]));
            if (!known) {
                // a path is client text of any length: echoed only when it is short
                throw AppException.invalid("securedProperties: unknown path"
                        + (path != null && path.length() <= 60 ? " " + path : ""));
            }
        }
        return Set.copyOf(paths);
    }

    /** One request object's values as text, decrypting the secured ones. */
    private final class Fields {
        private final String prefix;
        private final JsonObject object;
        private final Set<String> secured;
        private final UUID projectId;
        private final UUID keyId;

        Fields(String prefix, JsonObject object, Set<String> secured, UUID projectId, UUID keyId) {
            this.prefix = prefix;
            this.object = object;
            this.secured = secured;
            this.projectId = projectId;
            this.keyId = keyId;
        }

        String get(String field) {
            JsonValue value = object.get(field);
            if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
                return null;
            }
            String path = prefix + "." + field;
            if (secured.contains(path)) {
                if (!(value instanceof JsonString encrypted)) {
                    throw AppException.invalid(path + ": a secured value must be a base64 string");
                }
                byte[] ciphertext;
                try {
                    ciphertext = Base64.getDecoder().decode(encrypted.getString().trim());
                } catch (IllegalArgumentException e) {
                    throw AppException.invalid(path + ": a secured value must be base64");
                }
                return keys.decryptSecured(projectId, keyId, ciphertext)
                        .map(b -> new String(b, StandardCharsets.UTF_8))
                        .orElseThrow(() -> AppException.invalid(path + ": cannot be decrypted with the project's "
                                + "TransactionRSAKey (RSA-OAEP, SHA-256)"));
            }
            if (value instanceof JsonString s) {
                return s.getString();
            }
            if (value instanceof JsonNumber n) {
                return n.toString();
            }
            throw AppException.invalid(path + ": must be a string or a number");
        }
    }

    /** How many tokens are stored, deleted ones included, for the business figures ({@code metrics}). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public long stored() {
        return jdbc.first(PaymentTokenRows.COUNT, row -> row.getLong(1)).orElseThrow();
    }
}
