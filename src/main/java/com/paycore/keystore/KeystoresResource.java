package com.paycore.keystore;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope;

@Path("/adm/KeyStores")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Keystores")
@APIResponse(responseCode = "403", description = "Not a platform administrator")
public class KeystoresResource {

    @Inject
    KeystoreService keystores;

    @POST
    @Path("generation")
    @Operation(operationId = "generateKeystore", summary = "E18 Generate keystore",
            description = "No input. An AES-256 key from the system's secure random source, wrapped by the master key; "
                    + "activation now, expiration after payments.keystore.validity-days (365). It becomes the keystore "
                    + "new card data is encrypted with. This answer is the only time keyBase64/ivBase64 leave the "
                    + "service. Generate the successor 30 to 60 days before expiry, then run the rotation.")
    @APIResponse(responseCode = "201", description = "Created; id (= keystoreId), keystoreId, activationDate, "
            + "expirationDate, keyStrength, keyBase64, ivBase64",
            content = @Content(schema = @Schema(implementation = KeystoreCreatedResponse.class)))
    @APIResponse(responseCode = "400", description = "Configuration problem (validity days, master key value)")
    @APIResponse(responseCode = "404", description = "Required system resource missing (the master key file)")
    @APIResponse(responseCode = "500", description = "Random source or database failure")
    public Response generate(@Context UriInfo uri) {
        KeystoreView k = keystores.generate();
        return Envelope.created(uri.getBaseUriBuilder().path("adm/KeyStores").build(), KeystoreCreatedResponse.of(k));
    }

    @GET
    @Operation(operationId = "listKeystores",
            summary = "List keystores (metadata only: keyBase64 and ivBase64 are null)")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "limit out of 1..1000 or negative offset")
    public Envelope<Entries<KeystoreView>> list(@QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        return Envelope.list(keystores.list(Page.of(limit, offset)));
    }
}
