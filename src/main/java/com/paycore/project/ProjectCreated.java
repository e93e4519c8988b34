package com.paycore.project;

import java.util.UUID;

/** Fired (synchronously, in the creating transaction) when a project is created: the first API key is made then. */
public record ProjectCreated(UUID projectId, UUID companyId) {
}
