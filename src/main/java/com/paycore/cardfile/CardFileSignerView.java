package com.paycore.cardfile;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** A signer entry as answered. */
public record CardFileSignerView(
        UUID id,
        UUID companyProjectId,
        @Schema(description = "The primary key's OpenPGP v4 fingerprint: 40 upper-case hex digits",
                example = "0123456789ABCDEF0123456789ABCDEF01234567") String fingerprint,
        @Schema(description = "The public key as stored (armored again, without armor headers)") String publicKey,
        OffsetDateTime createdDate) implements Envelope.Identified {

    static CardFileSignerView from(CardFileSigner s) {
        return new CardFileSignerView(s.id(), s.projectId(), s.fingerprint(), s.publicKey(), s.createdAt());
    }
}
