package com.paycore.event;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.access.ProjectCaller;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/pay/{projectId}/events")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Events")
public class EventsResource {

    static final String EVENT = "An event: id, type, createdDate, companyProjectId, data (the resource as its own read "
            + "shows it when the event was made: a transaction as E16 shows it, a chargeback as E2, a payment token as "
            + "its GET, card numbers masked). The same object the webhooks deliver.";

    @Inject
    Events events;

    @Inject
    ProjectCaller caller;

    @GET
    @Operation(operationId = "listEvents", summary = "List the project's events, newest first",
            description = "type (one of the event types), from and to (ISO 8601, inclusive), limit (default 20, at "
                    + "most 1000) and offset. Events are kept at least 30 days. " + EVENT)
    @APIResponse(responseCode = "200", description = "entries",
            content = @Content(schema = @Schema(implementation = ProjectEvent.Listed.class)))
    @APIResponse(responseCode = "400", description = "Unknown type, malformed time, to before from, limit or offset "
            + "out of range")
    @Parameters({@Parameter(name = "type", in = ParameterIn.QUERY),
            @Parameter(name = "from", in = ParameterIn.QUERY), @Parameter(name = "to", in = ParameterIn.QUERY)})
    public Envelope<Entries<JsonObject>> list(@PathParam("projectId") UUID projectId, @QueryParam("type") String type,
                         @QueryParam("from") OffsetDateTime from, @QueryParam("to") OffsetDateTime to,
                         @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        return Envelope.list(events.list(caller.projectId(), type, from, to, Page.of(limit, offset)));
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getEvent", summary = "Get one event of the project", description = EVENT)
    @APIResponse(responseCode = "200", description = "entry",
            content = @Content(schema = @Schema(implementation = ProjectEvent.Read.class)))
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "404", description = "No such event in this project")
    public Envelope<Entry<JsonObject>> get(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id) {
        return Envelope.entry(events.get(caller.projectId(), id));
    }
}
