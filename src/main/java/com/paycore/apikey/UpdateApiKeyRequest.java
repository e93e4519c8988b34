package com.paycore.apikey;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.validation.constraints.Size;

/**
 * E6: metadata and state only, never the value. Fields left out (or null) keep their value; isActive=true also
 * clears a deactivationDate.
 */
public class UpdateApiKeyRequest {

    public UUID id;
    @Size(max = 100)
    public String name;
    @Size(max = 1000)
    public String description;
    public Boolean isActive;
    public OffsetDateTime expirationDate;
    public OffsetDateTime deactivationDate;
}
