package com.paycore.project;

import java.util.UUID;

/** What a merchant's system can check its key with: the project the key acts for. */
public record KeyCheck(UUID projectId, String projectName, boolean isActive, UUID keyId) {
}
