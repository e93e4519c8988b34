package com.paycore.user;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/adm/users")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Users")
@APIResponse(responseCode = "403", description = "Not a platform administrator")
public class UsersResource {

    @Inject
    UserService users;

    @POST
    @Operation(operationId = "createUser", summary = "Create a user (platform administrators)")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Validation failure or duplicate email")
    public Response create(@RequestBody(required = true) @Valid @NotNull CreateUserRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), users.create(request).id());
    }

    @GET
    @Operation(operationId = "listUsers",
            summary = "List users (platform administrators); email filters by case-insensitive partial match")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "limit out of 1..1000 or negative offset")
    public Envelope<Entries<UserView>> list(@QueryParam("email") String email, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(users.list(email, Page.of(limit, offset)).stream().map(UserView::from).toList());
    }

    @GET
    @Path("me")
    @Operation(operationId = "getCurrentUser", summary = "The calling user")
    @APIResponse(responseCode = "200", description = "entry")
    public Envelope<Entry<UserView>> me() {
        return Envelope.entry(UserView.from(users.me()));
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getUser", summary = "Get a user (platform administrators)")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "404", description = "No such user")
    public Envelope<Entry<UserView>> get(@PathParam("id") UUID id) {
        return Envelope.entry(UserView.from(users.get(id)));
    }

    @PUT
    @Path("{id}")
    @Operation(operationId = "updateUser", summary = "E1 Update user (platform administrators)",
            description = "email is required and must stay unique. Optional fields left out or null keep their "
                    + "value; an omitted password keeps the current one (a new one also lifts a login lockout). "
                    + "isActive=false refuses authentication from the next request on, including already-issued tokens.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Missing email, bad email format, field too long, duplicate "
            + "email, body id differing from the path id, or the last platform administrator deactivated")
    @APIResponse(responseCode = "404", description = "No such user")
    public Envelope update(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull UpdateUserRequest request) {
        users.update(id, request);
        return Envelope.ok();
    }
}
