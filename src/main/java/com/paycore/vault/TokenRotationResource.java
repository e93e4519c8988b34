package com.paycore.vault;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.run.Runs;

@Path("/adm/KeyStores/rotation")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Keystores")
public class TokenRotationResource {

    @Inject
    TokenRotation rotation;

    @POST
    @Operation(operationId = "rotateTokenKeystore", summary = "Rotate tokens onto the newest keystore (a long run: 202, then GET the run)",
            description = "Starts re-encrypting every stored card number under the newest active keystore, in batches "
                    + "that each commit; tokens stay readable throughout. Answers 202 at once with the run's id "
                    + "(Location: GET /api/adm/runs/{id}, which shows the tokens moved and left and, at the end, the "
                    + "outcome: keystoreId and rotated, how many tokens moved). One rotation at a time: a request while "
                    + "one runs answers 409 naming it. Safe to interrupt: a new rotation resumes (a token already on "
                    + "the newest keystore is left alone).")
    @APIResponse(responseCode = "202", description = "id, kind, state: the run started; Location is the run",
            content = @Content(schema = @Schema(implementation = Runs.Started.class)))
    @APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "409", description = "A rotation is already running (its id in the message and Location)")
    public Response rotate(@Context UriInfo uri) {
        return rotation.start(uri);
    }
}
