package com.paycore.project;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
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
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.input.Aliases;
import com.paycore.platform.input.Fields;
import com.paycore.platform.web.Answer;
import com.paycore.platform.web.Envelope;

@Path("/adm/companyProjects")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Projects")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
public class ProjectsResource {

    @Inject
    ProjectService projects;

    @POST
    @Answer(id = true)
    @Operation(operationId = "createProject", summary = "E7 Create company project",
            description = "projectName (or name) required, at most 50 characters, unique within the company. id is "
                    + "optional (used as the new id). returnUrl/cancelUrl must be absolute http(s) URLs; phone at most 25. "
                    + "companyUsersToAdd: company users of the same company. isActive defaults to true. The project's "
                    + "first active TransactionRSAKey is created with it; a processor configuration is still needed "
                    + "before it can process transactions.")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id")
    @APIResponse(responseCode = "400", description = "Missing fields, validation, duplicate name in the company, "
            + "bad URL, id in use, company user of another company")
    @APIResponse(responseCode = "403", description = "Not an Admin of the company")
    @APIResponse(responseCode = "404", description = "Parent company missing (or not the caller's)")
    public Response create(@NotNull CreateProjectRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), projects.create(request).id());
    }

    @GET
    @Answer(entries = ProjectView.class)
    @Operation(operationId = "listProjects", summary = "E11 Get company projects",
            description = "Filters: CompanyId, Id, name (case-insensitive partial match), isActive; limit (default 20, "
                    + "at most 1000), offset; ordered by creation. Company Users see only projects assigned to them. "
                    + "Entries carry projectName and name.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed parameter, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "404", description = "CompanyId names a missing company (or not the caller's)")
    public Envelope list(@QueryParam("CompanyId") UUID companyId, @QueryParam("Id") UUID id,
                         @QueryParam("name") String name, @QueryParam("isActive") Boolean active,
                         @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        return Envelope.list(projects.list(companyId, id, name, active, Page.of(limit, offset)).stream()
                .map(ProjectView::from).toList());
    }

    @GET
    @Path("{id}")
    @Answer(entry = ProjectView.class)
    @Operation(operationId = "getProject", summary = "Get a project (merchant information without secrets)")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "404", description = "No such project, or not visible to the caller")
    public Envelope get(@PathParam("id") UUID id) {
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
    public Envelope updateGeneral(@PathParam("id") UUID id, @NotNull UpdateProjectRequest request) {
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
    public Envelope assignUsers(@PathParam("id") UUID id, @NotNull AssignUsersRequest request) {
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
    public Envelope updateMerchant(@PathParam("id") UUID id, @NotNull UpdateMerchantRequest request) {
        projects.updateMerchant(id, request);
        return Envelope.ok();
    }

    /** E7. projectName (the description's name) is required; isActive defaults to true. */
    public static class CreateProjectRequest {

        public UUID id;
        @NotNull
        @Schema(example = "9b2f4e1a-6c3d-4a5b-8e7f-1a2b3c4d5e6f")
        public UUID companyId;
        @Size(max = 50)
        @Schema(description = "Required (or name), unique in the company", example = "Web shop")
        public String projectName;
        @Size(max = 50)
        public String name;
        @Size(max = 1000)
        public String description;
        @Size(max = 2000)
        public String returnUrl;
        @Size(max = 2000)
        public String cancelUrl;
        @Size(max = 25)
        public String phone;
        @Size(max = 100)
        public String softDescriptor;
        @Size(max = 2000)
        public String comments;
        public List<UUID> companyUsersToAdd;
        public Boolean isActive;

        String resolvedName() {
            return Fields.required("projectName", Aliases.either("projectName", projectName, "name", name), 50);
        }
    }

    /** E4. projectName (or name) is required; other fields left out keep their value. */
    public static class UpdateProjectRequest {

        public UUID id;
        @Size(max = 50)
        public String projectName;
        @Size(max = 50)
        public String name;
        @Size(max = 1000)
        public String description;
        @Size(max = 2000)
        public String returnUrl;
        @Size(max = 2000)
        public String cancelUrl;
        @Size(max = 25)
        public String phone;
        @Size(max = 100)
        public String softDescriptor;
        @Size(max = 2000)
        public String comments;
        public Boolean isActive;

        String resolvedName() {
            return Fields.required("projectName", Aliases.either("projectName", projectName, "name", name), 50);
        }
    }

    /**
     * E9. The credentials are merchantId, apiKey (write-only) and processorGateway; giving merchantId or apiKey
     * changes them, and then merchantId and processorGateway are required and an apiKey must be given or stored.
     */
    public static class UpdateMerchantRequest {

        public UUID id;
        @Pattern(regexp = "[A-Za-z0-9_-]{1,64}", message = "must be 1 to 64 letters, digits, '_' or '-'")
        public String merchantId;
        @Pattern(regexp = "\\S{8,256}", message = "must be 8 to 256 characters without spaces")
        public String apiKey;
        public Integer processorGateway;
        public Boolean isTestMode;
        @Size(max = 25)
        public String merchantPhone;
        @Size(max = 100)
        public String softDescriptor;
        @Size(max = 2000)
        public String comments;
    }

    /** Replaces the project's assigned company users. */
    public static class AssignUsersRequest {

        @NotNull
        public List<UUID> companyUserIds;
    }

    /** A project as answered: the typed projectName and the description's name; merchant information without secrets. */
    public record ProjectView(UUID id, String projectName, String name, UUID companyId, String description,
                              String returnUrl, String cancelUrl, String phone, String softDescriptor, String comments,
                              boolean isActive, OffsetDateTime createdDate, List<UUID> companyUserIds, Merchant merchant) {

        public record Merchant(String merchantId, Integer processorGateway, Boolean isTestMode, String merchantPhone,
                               String softDescriptor, String comments, boolean hasApiKey, int credentialVersion) {
        }

        static ProjectView from(Project p) {
            return new ProjectView(p.id(), p.name(), p.name(), p.companyId(), p.description(), p.returnUrl(),
                    p.cancelUrl(), p.phone(), p.softDescriptor(), p.comments(), p.active(), p.createdAt(),
                    p.companyUserIds().stream().sorted().toList(),
                    new Merchant(p.merchantId(), p.processorGateway(), p.testMode(), p.merchantPhone(),
                            p.merchantSoftDescriptor(), p.merchantComments(), p.merchantApiKey() != null,
                            p.credentialVersion()));
        }
    }
}
