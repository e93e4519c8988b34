package com.paycore.cardfile;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Export a project's cards to another vault: the project and the recipient vault's public key. */
public class CardExportRequest {

    @Schema(example = "3f0e6a4c-2b1d-4c5e-9f8a-7b6c5d4e3f21")
    public UUID companyProjectId;
    @Schema(description = "The ASCII-armored OpenPGP (version 4) public key of the vault the cards go to, with a key or "
            + "subkey that can encrypt (an encryption flag, neither expired nor revoked); at most 64 KiB",
            example = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n...\n-----END PGP PUBLIC KEY BLOCK-----")
    public String recipientPublicKey;
}
