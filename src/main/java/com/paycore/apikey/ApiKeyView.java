package com.paycore.apikey;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A key entry (DESIGN.md section 9): masked value and public key only; keyValue only on E12. */
public record ApiKeyView(UUID id, UUID companyProjectId, KeyType type, String name, String description,
                         boolean isActive, OffsetDateTime expirationDate, OffsetDateTime deactivationDate,
                         OffsetDateTime createdDate, String maskedValue, String publicKey) {

    static ApiKeyView from(ApiKey k) {
        return new ApiKeyView(k.id(), k.projectId(), k.type(), k.name(), k.description(), k.active(),
                k.expirationDate(), k.deactivationDate(), k.createdAt(), k.maskedValue(), k.publicKey());
    }

    /** Whether the key is usable at {@code now}, by the key's one rule ({@link ApiKey#usable(OffsetDateTime)}). */
    public boolean usableAt(OffsetDateTime now) {
        return ApiKey.usable(isActive, expirationDate, deactivationDate, now);
    }

    /** E12's entry: the key entry plus its full value. */
    public record Revealed(UUID id, UUID companyProjectId, KeyType type, String name, String description,
                           boolean isActive, OffsetDateTime expirationDate, OffsetDateTime deactivationDate,
                           OffsetDateTime createdDate, String maskedValue, String publicKey, String keyValue) {

        static Revealed of(ApiKeyView v, String keyValue) {
            return new Revealed(v.id(), v.companyProjectId(), v.type(), v.name(), v.description(), v.isActive(),
                    v.expirationDate(), v.deactivationDate(), v.createdDate(), v.maskedValue(), v.publicKey(), keyValue);
        }

        @Override
        public String toString() {
            return "Revealed[id=" + id + ", keyValue=****]";
        }
    }
}
