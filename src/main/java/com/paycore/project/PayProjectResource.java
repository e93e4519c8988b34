package com.paycore.project;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.access.ProjectCaller;
import com.paycore.platform.web.Answer;
import com.paycore.platform.web.Envelope;

@Path("/pay/{projectId}")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Payments")
public class PayProjectResource {

    @Inject
    ProjectService projects;

    @Inject
    ProjectCaller caller;

    /** What a merchant's system can check its key with: the project the key acts for. */
    public record KeyCheck(UUID projectId, String projectName, boolean isActive, UUID keyId) {
    }

    @GET
    @Answer(entry = KeyCheck.class)
    @Operation(operationId = "checkApiKey", summary = "The project an API key acts for",
            description = "Authenticated by the project API key (X-API-Key or Authorization: Bearer). Lets a merchant's "
                    + "system check its key and whether the project takes new transactions (isActive).")
    @APIResponse(responseCode = "200", description = "entry: projectId, projectName, isActive, keyId")
    @APIResponse(responseCode = "400", description = "Malformed projectId")
    @APIResponse(responseCode = "401", description = "Missing, unknown, inactive or expired key, or a key of another project")
    public Envelope get(@PathParam("projectId") UUID projectId) {
        Project project = projects.forApiKey(caller.projectId());
        return Envelope.entry(new KeyCheck(project.id(), project.name(), project.active(), caller.keyId()));
    }
}
