package com.paycore.transaction;

import java.util.UUID;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

import com.paycore.access.ProjectAccess;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * E17's access rule (a platform administrator or an Admin of the project's company) as a filter that runs before
 * the Idempotency-Key filter: a caller who lost access (or names another project) is refused, never answered the
 * stored reply of an earlier request. The service checks the rule again inside its transaction. Malformed
 * parameters are 400 first, as everywhere.
 */
@Provider
@ApplicationScoped
@ProjectAdminFirst
@Priority(Priorities.AUTHORIZATION)
class ProjectAdminAuthorization implements ContainerRequestFilter {

    @Inject
    ProjectAccess access;

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public void filter(ContainerRequestContext request) {
        String id = request.getUriInfo().getPathParameters().getFirst("id");
        if (id != null) {
            parsed(id, "id");
        }
        String project = request.getUriInfo().getQueryParameters().getFirst("companyProjectId");
        if (project == null || project.isBlank()) {
            throw AppException.invalid("companyProjectId: required");
        }
        access.asAdmin(parsed(project, "companyProjectId"));
    }

    private static UUID parsed(String value, String name) {
        try {
            return Ids.parse(value);
        } catch (IllegalArgumentException e) {
            throw new AppException(ErrorCode.MALFORMED_ID, name);
        }
    }
}
