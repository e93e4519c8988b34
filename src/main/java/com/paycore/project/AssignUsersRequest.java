package com.paycore.project;

import java.util.List;
import java.util.UUID;

import jakarta.validation.constraints.NotNull;

/** Replaces the project's assigned company users. */
public class AssignUsersRequest {

    @NotNull
    public List<UUID> companyUserIds;
}
