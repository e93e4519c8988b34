package com.paycore.apikey;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** A new key for a project: type TransactionRSAKey or FileContentPGPKey; expirationDate defaults to a year ahead. */
public class CreateApiKeyRequest {

    @NotNull
    public UUID companyProjectId;
    @NotNull
    public String type;
    @Size(max = 100)
    public String name;
    @Size(max = 1000)
    public String description;
    public OffsetDateTime expirationDate;
}
