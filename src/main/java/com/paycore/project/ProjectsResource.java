package com.paycore.project;

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
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/adm/companyProjects")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Projects")
public class ProjectsResource {

    @Inject
    ProjectService projects;

    @POST
    @Operation(operationId = "createProject", summary = "E7 Create company project",
            description = "projectName (or name) required, at most 50 characters, unique within the company. id is "
                    + "optional (used as the new id). returnUrl/cancelUrl must be absolute http(s) URLs; phone at most 25. "
                    + "companyUsersToAdd: company users of the same company. isActive defaults to true. The project's "
                    + "first active TransactionRSAKey is created with it; a processor configuration is still needed "
                    + "before it can process transactions.")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Missing fields, validation, duplicate name in the company, "
            + "bad URL, id in use, company user of another company")
    @APIResponse(responseCode = "403", description = "Not an Admin of the company")
    @APIResponse(responseCode = "404", description = "Parent company missing (or not the caller's)")
    public Response create(@RequestBody(required = true) @NotNull CreateProjectRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), projects.create(request).id());
    }

    @GET
    @Operation(operationId = "listProjects", summary = "E11 Get company projects",
            description = "Filters: CompanyId, Id, name (case-insensitive partial match), isActive; limit (default 20, "
                    + "at most 1000), offset; ordered by creation. Company Users see only projects assigned to them. "
                    + "Entries carry projectName and name.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed parameter, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "404", description = "CompanyId names a missing company (or not the caller's)")
    @Parameters({@Parameter(name = "CompanyId", in = ParameterIn.QUERY),
            @Parameter(name = "Id", in = ParameterIn.QUERY), @Parameter(name = "name", in = ParameterIn.QUERY),
            @Parameter(name = "isActive", in = ParameterIn.QUERY)})
    public Envelope<Entries<ProjectView>> list(@QueryParam("CompanyId") UUID companyId, @QueryParam("Id") UUID id,
                         @QueryParam("name") String name, @QueryParam("isActive") Boolean active,
                         @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        return Envelope.list(projects.list(companyId, id, name, active, Page.of(limit, offset)).stream()
                .map(ProjectView::from).toList());
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getProject", summary = "Get a project (merchant information without secrets)")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "404", description = "No such project, or not visible to the caller")
    public Envelope<Entry<ProjectView>> get(@PathParam("id") UUID id) {
        return Envelope.entry(ProjectView.from(projects.get(id)));
    }

    @PUT
    @Path("{id}/general")
    @Operation(operationId = "updateProjectGeneral", summary = "E4 Update project general information",
            description = "projectName (or name) required; fields left out keep their value. Renaming does not affect "
                    + "past transactions; processor and security settings are not changed. isActive=false stops new "
                    + "transactions at once.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Missing fields, validation, duplicate name in company, bad URL, "
            + "body id differing from the path id")
    @APIResponse(responseCode = "403", description = "Not an Admin of the company")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Envelope updateGeneral(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull UpdateProjectRequest request) {
        projects.updateGeneral(id, request);
        return Envelope.ok();
    }

    @PUT
    @Path("{id}/users")
    @Operation(operationId = "assignProjectUsers", summary = "Replace the company users assigned to the project",
            description = "companyUserIds: company users of the project's company; replaces the whole set.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "A company user of another company, or validation failure")
    @APIResponse(responseCode = "403", description = "Not an Admin of the company")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Envelope assignUsers(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull AssignUsersRequest request) {
        projects.assignUsers(id, request);
        return Envelope.ok();
    }

    @PUT
    @Path("{id}/merchant")
    @Operation(operationId = "updateProjectMerchant", summary = "E9 Update project merchant information",
            description = "Credentials are merchantId, apiKey (write-only, stored encrypted, never returned) and "
                    + "processorGateway (1 = Simulator; other values are unsupported). Giving any of them is a "
                    + "credential change: merchantId and processorGateway are then required and an apiKey must be given "
                    + "or already stored. Each change is a new credential version: new transactions use it at once, "
                    + "in-flight ones finish on theirs. Changes are audited (never the key).")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Missing credentials, validation, bad credential format, "
            + "unsupported gateway, body id differing from the path id")
    @APIResponse(responseCode = "403", description = "Not an Admin of the company")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Envelope updateMerchant(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull UpdateMerchantRequest request) {
        projects.updateMerchant(id, request);
        return Envelope.ok();
    }
}
