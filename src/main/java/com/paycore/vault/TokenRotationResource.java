package com.paycore.vault;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.Answer;
import com.paycore.platform.Envelope;

@Path("/adm/KeyStores/rotation")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Keystores")
@SecurityRequirement(name = "bearer")
public class TokenRotationResource {

    @Inject
    TokenRotation rotation;

    @POST
    @Answer(fields = TokenRotation.Result.class)
    @Operation(operationId = "rotateTokenKeystore", summary = "Rotate tokens onto the newest keystore",
            description = "Re-encrypts every stored card number under the newest active keystore, in batches that each "
                    + "commit; safe to interrupt and run again (it resumes), and tokens stay readable throughout. "
                    + "Answers keystoreId and rotated (how many tokens moved).")
    @APIResponse(responseCode = "200", description = "keystoreId, rotated")
    @APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    public Envelope rotate() {
        TokenRotation.Result result = rotation.rotate();
        return Envelope.ok().with("keystoreId", result.keystoreId()).with("rotated", result.rotated());
    }
}
