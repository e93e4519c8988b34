package com.paycore.cardupdater;

import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.POST;

/** {@code POST /api/adm/creditCardUpdater/runs}: the company whose tokens to update. */
public class RunRequest {

    @NotNull
    public UUID companyId;
}
