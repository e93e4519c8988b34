package com.paycore.company;

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

@Path("/adm/companies")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Companies")
public class CompaniesResource {

    @Inject
    CompanyService companies;

    @POST
    @Operation(operationId = "createCompany", summary = "Create a company (platform administrators)",
            description = "companyName (or name) is required, at most 50 characters and unique (case-insensitive).")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Validation failure or duplicate name")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    public Response create(@RequestBody(required = true) @Valid @NotNull CreateCompanyRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), companies.create(request).id());
    }

    @GET
    @Operation(operationId = "listCompanies", summary = "List companies",
            description = "Platform administrators see every company; others only the companies they are active "
                    + "members of. Id filters by id, name by case-insensitive partial match.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed Id, limit out of 1..1000 or negative offset")
    public Envelope<Entries<CompanyView>> list(@QueryParam("Id") UUID id, @QueryParam("name") String name,
                         @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        return Envelope.list(companies.list(id, name, Page.of(limit, offset)).stream().map(CompanyView::from).toList());
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getCompany", summary = "Get a company")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "403", description = "Inactive membership or inactive company")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    public Envelope<Entry<CompanyView>> get(@PathParam("id") UUID id) {
        return Envelope.entry(CompanyView.from(companies.get(id)));
    }

    @PUT
    @Path("{id}")
    @Operation(operationId = "updateCompany", summary = "E8 Update company",
            description = "companyName (or name) is required; every other field left out or null keeps its value. "
                    + "Platform administrators and the company's Admins; only platform administrators change "
                    + "isActive. An inactive company blocks its users and new transactions at once.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Validation failure, bad value, duplicate name, field too "
            + "long, or body id differing from the path id")
    @APIResponse(responseCode = "403", description = "A company User, or an Admin changing isActive")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    public Envelope update(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull UpdateCompanyRequest request) {
        companies.update(id, request);
        return Envelope.ok();
    }
}
