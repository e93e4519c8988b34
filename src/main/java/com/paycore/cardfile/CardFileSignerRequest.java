package com.paycore.cardfile;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Add a signer to a project: its ASCII-armored OpenPGP public key. */
public class CardFileSignerRequest {

    @Schema(example = "3f0e6a4c-2b1d-4c5e-9f8a-7b6c5d4e3f21")
    public UUID companyProjectId;
    @Schema(description = "An ASCII-armored OpenPGP (version 4) public key that can sign: a key or subkey with the sign "
            + "flag, neither expired nor revoked; at most 64 KiB; never a secret key",
            example = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n...\n-----END PGP PUBLIC KEY BLOCK-----")
    public String publicKey;
}
