package com.paycore.access;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** What access control reads about projects. The project feature answers it (its repository). */
public interface ProjectDirectory {

    Optional<ProjectRef> project(UUID projectId);

    /** The project, its row locked until the transaction ends (serializes rules over its keys and processors). */
    Optional<ProjectRef> lockProject(UUID projectId);

    /** Ids of the projects a company user is assigned to. */
    List<UUID> assignedTo(UUID companyUserId);

    /** Ids of the projects of the given companies or assigned to one of the given memberships. */
    List<UUID> visibleIds(List<UUID> adminCompanies, List<UUID> memberships);
}
