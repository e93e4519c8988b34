package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.input.EmailAddress;
import com.paycore.platform.web.Answer;
import com.paycore.platform.web.Envelope;

@Path("/adm/users")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Users")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
@APIResponse(responseCode = "403", description = "Not a platform administrator")
public class UsersResource {

    @Inject
    UserService users;

    @POST
    @Answer(id = true)
    @Operation(operationId = "createUser", summary = "Create a user (platform administrators)")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id")
    @APIResponse(responseCode = "400", description = "Validation failure or duplicate email")
    public Response create(@Valid @NotNull CreateUserRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), users.create(request).id());
    }

    @GET
    @Answer(entries = UserView.class)
    @Operation(operationId = "listUsers",
            summary = "List users (platform administrators); email filters by case-insensitive partial match")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "limit out of 1..1000 or negative offset")
    public Envelope list(@QueryParam("email") String email, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(users.list(email, Page.of(limit, offset)).stream().map(UserView::from).toList());
    }

    @GET
    @Path("me")
    @Answer(entry = UserView.class)
    @Operation(operationId = "getCurrentUser", summary = "The calling user")
    @APIResponse(responseCode = "200", description = "entry")
    public Envelope me() {
        return Envelope.entry(UserView.from(users.me()));
    }

    @GET
    @Path("{id}")
    @Answer(entry = UserView.class)
    @Operation(operationId = "getUser", summary = "Get a user (platform administrators)")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "404", description = "No such user")
    public Envelope get(@PathParam("id") UUID id) {
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
    public Envelope update(@PathParam("id") UUID id, @NotNull UpdateUserRequest request) {
        users.update(id, request);
        return Envelope.ok();
    }

    public static class CreateUserRequest {

        @NotBlank @Size(max = 250) @EmailAddress
        public String email;
        @Size(max = 150)
        public String firstName;
        @Size(max = 150)
        public String lastName;
        @Size(max = 50)
        public String phoneNumber;
        @Size(min = 8, max = 200)
        public String password;
        public Boolean isActive;
        public Boolean platformAdmin;
    }

    /** E1. Optional fields left out (or null) keep their value; an omitted password keeps the current one. */
    public static class UpdateUserRequest {

        public UUID id;
        @NotBlank @Size(max = 250) @EmailAddress
        public String email;
        @Size(max = 150)
        public String firstName;
        @Size(max = 150)
        public String lastName;
        @Size(max = 50)
        public String phoneNumber;
        @Size(min = 8, max = 200)
        public String password;
        public Boolean isActive;
        public Boolean platformAdmin;
    }

    /** A user as answered: never the password or its hash. */
    public record UserView(UUID id, String email, String firstName, String lastName, String phoneNumber,
                           boolean isActive, boolean platformAdmin, OffsetDateTime createdDate) {

        static UserView from(User u) {
            return new UserView(u.id(), u.email(), u.firstName(), u.lastName(), u.phoneNumber(), u.active(),
                    u.platformAdmin(), u.createdAt());
        }
    }
}
