package com.paycore.company;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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
import com.paycore.platform.web.Envelope;

@Path("/adm/companyUsers")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Company users")
@APIResponse(responseCode = "403", description = "Not an active Admin of the company (or the company is inactive)")
public class CompanyUsersResource {

    @Inject
    CompanyUserService members;

    @POST
    @Operation(operationId = "addCompanyUser", summary = "Add an existing user to a company",
            description = "Platform administrators (any user) and the company's Admins (only a user who already "
                    + "belongs to a company they administer; others are invited). roles (or role): None, Admin, "
                    + "User (Member is read as User); default User.")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries the company user's id",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Validation failure, unknown role, already a member")
    @APIResponse(responseCode = "404", description = "No such company (or not the caller's) or user (or not one "
            + "the caller may add)")
    public Response add(@RequestBody(required = true) @NotNull AddCompanyUserRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), members.add(request).id());
    }

    @GET
    @Operation(operationId = "listCompanyUsers", summary = "List company users",
            description = "CompanyId: members of that company; without it, of every company the caller administers. "
                    + "UserId filters to one user.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed id, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    public Envelope<Entries<CompanyUserView>> list(@QueryParam("CompanyId") UUID companyId, @QueryParam("UserId") UUID userId,
                         @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        return Envelope.list(members.list(companyId, userId, Page.of(limit, offset)));
    }

    @PUT
    @Path("{id}")
    @Operation(operationId = "updateCompanyUser", summary = "E5 Update company user",
            description = "roles (or role) None, Admin, User (Member = User); a role change applies at once to all "
                    + "the user's projects. Fields left out keep their value. email cannot change here. Demoting or "
                    + "deactivating the company's last active Admin is refused, also under concurrent requests.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Last active Admin demoted or deactivated, validation failure, "
            + "unknown role, email given, userId/companyId changed, or body id differing from the path id")
    @APIResponse(responseCode = "404", description = "No such company user, or not one of the caller's companies")
    public Envelope update(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull UpdateCompanyUserRequest request) {
        members.update(id, request);
        return Envelope.ok();
    }
}
