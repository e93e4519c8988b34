package com.paycore.audit;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope;

@Path("/adm/auditEvents")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Audit")
public class AuditEventsResource {

    @Inject
    AuditTrail audit;

    @GET
    @Operation(operationId = "listAuditEvents", summary = "List audit events, oldest first",
            description = "Platform administrators: every event (or CompanyId's). Company Admins: their companies' "
                    + "events. from/to bound the time (inclusive, ISO 8601). Rows never hold a secret.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed parameter, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
    @APIResponse(responseCode = "403", description = "Not an active Admin of the company")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    public Envelope<Entries<AuditEventView>> list(@QueryParam("CompanyId") UUID companyId, @QueryParam("from") OffsetDateTime from,
                         @QueryParam("to") OffsetDateTime to, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(audit.listFor(companyId, from, to, Page.of(limit, offset)));
    }
}
