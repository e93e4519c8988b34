package com.paycore.webhook;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
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

@Path("/adm/webhookEndpoints")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Webhooks", description = "Endpoints that receive a project's events as signed POSTs (DESIGN.md section 10). "
        + "Each delivery is POST <url> with the event as body (id, type, createdDate, companyProjectId, data), "
        + "Content-Type application/json, Payments-Event-Id, Payments-Event-Type and Payments-Signature: "
        + "t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\" keyed with the UTF-8 bytes of the whole secret> "
        + "(one v1= per valid secret during a rotation). Any 2xx within 10 s is delivered; anything else is retried "
        + "with backoff for 3 days. At least once, in no guaranteed order: deduplicate by event id.")
public class WebhookEndpointsResource {

    @Inject
    WebhookEndpointService endpoints;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createWebhookEndpoint", summary = "Create a webhook endpoint",
            description = "companyProjectId, url (absolute https or http, at most 2048 characters; unless "
                    + "payments.webhooks.allow-private-targets is true, the host must resolve, within "
                    + "payments.webhooks.dns-timeout-ms, to public addresses only: a name that does not resolve and one "
                    + "that resolves to a loopback, link-local or private address get the same 400), enabledEvents "
                    + "(event types, or [\"*\"] for all), description (at most 1000), isActive (default true). A project "
                    + "has at most payments.webhooks.max-endpoints-per-project endpoints (default 16). Answers id and "
                    + "secret (whsec_...): the only time the secret is shown.")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id and secret",
            content = @Content(schema = @Schema(implementation = WebhookEndpointService.Created.class)))
    @APIResponse(responseCode = "400", description = "Missing or invalid url or enabledEvents, a refused or "
            + "unresolvable target (one message for both), the project's endpoint limit reached, malformed body")
    @APIResponse(responseCode = "403", description = "Not an Admin of the project's company")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Response create(@RequestBody(required = true) @NotNull EndpointRequest request, @Context UriInfo uri) {
        WebhookEndpointService.Created created = endpoints.create(request);
        return Envelope.created(uri.getAbsolutePath(), created);
    }

    @GET
    @Operation(operationId = "listWebhookEndpoints", summary = "List webhook endpoints",
            description = "CompanyProjectId (else every endpoint of the companies the caller administers), limit "
                    + "(default 20, at most 1000), offset; in creation order. Secrets are never answered.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed parameter, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "403", description = "Not an Admin of the project's company, or of any company")
    @APIResponse(responseCode = "404", description = "CompanyProjectId names a project the caller cannot see")
    public Envelope<Entries<EndpointView>> list(@QueryParam("CompanyProjectId") UUID projectId, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(endpoints.list(projectId, Page.of(limit, offset)));
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getWebhookEndpoint",
            summary = "Get a webhook endpoint", description = "entry; never its secret, not even masked.")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "403", description = "Not an Admin of the endpoint's company")
    @APIResponse(responseCode = "404", description = "No such endpoint (or not the caller's)")
    public Envelope<Entry<EndpointView>> get(@PathParam("id") UUID id) {
        return Envelope.entry(endpoints.get(id));
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "updateWebhookEndpoint", summary = "Update a webhook endpoint",
            description = "url, enabledEvents, description, isActive; fields left out keep their value. The project "
                    + "cannot change. Re-enabling (isActive true) starts the 3 days of failures before disabling anew.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Invalid url or enabledEvents, a refused or unresolvable target, another "
            + "companyProjectId, a body id differing from the path id")
    @APIResponse(responseCode = "403", description = "Not an Admin of the endpoint's company")
    @APIResponse(responseCode = "404", description = "No such endpoint (or not the caller's)")
    public Envelope update(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull EndpointRequest request) {
        endpoints.update(id, request);
        return Envelope.ok();
    }

    @DELETE
    @Path("{id}")
    @Operation(operationId = "deleteWebhookEndpoint", summary = "Delete a webhook endpoint",
            description = "Nothing more is sent to the endpoint (its pending deliveries become Failed) and it answers "
                    + "404 from then on; the row and its delivery log are kept, hidden.")
    @APIResponse(responseCode = "200", description = "Deleted")
    @APIResponse(responseCode = "403", description = "Not an Admin of the endpoint's company")
    @APIResponse(responseCode = "404", description = "No such endpoint (or not the caller's)")
    public Envelope delete(@PathParam("id") UUID id) {
        endpoints.delete(id);
        return Envelope.ok();
    }

    @POST
    @Path("{id}/secretRotation")
    @Operation(operationId = "rotateWebhookSecret", summary = "Rotate a webhook endpoint's secret",
            description = "Answers the new secret (shown only here). The previous one keeps signing beside it for 24 h: "
                    + "meanwhile Payments-Signature carries two v1= values, the new secret's first.")
    @APIResponse(responseCode = "200", description = "secret")
    @APIResponse(responseCode = "403", description = "Not an Admin of the endpoint's company")
    @APIResponse(responseCode = "404", description = "No such endpoint (or not the caller's)")
    public Envelope<SecretResponse> rotateSecret(@PathParam("id") UUID id) {
        return Envelope.ok(new SecretResponse(endpoints.rotateSecret(id)));
    }

    @GET
    @Path("{id}/deliveries")
    @Operation(operationId = "listWebhookDeliveries", summary = "The endpoint's delivery log",
            description = "One entry per attempt, automatic or manual, in the order made: eventId, eventType, "
                    + "attemptedDate, httpStatus (null when no answer came), error, durationMs; never a body. "
                    + "eventId narrows it to one event; limit (default 20, at most 1000), offset.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed parameter, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "403", description = "Not an Admin of the endpoint's company")
    @APIResponse(responseCode = "404", description = "No such endpoint (or not the caller's)")
    public Envelope<Entries<AttemptView>> deliveries(@PathParam("id") UUID id, @QueryParam("eventId") UUID eventId,
                               @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        return Envelope.list(endpoints.attempts(id, eventId, Page.of(limit, offset)));
    }

    @POST
    @Path("{id}/deliveries/{eventId}/retry")
    @Operation(operationId = "retryWebhookDelivery", summary = "Queue an event to be sent to the endpoint again",
            description = "Whether earlier attempts succeeded or not. Answers 202 at once, never waiting for the send: "
                    + "the event is queued for the endpoint and sent within one delivery round (about "
                    + "payments.webhooks.poll-ms); the attempt then appears in the delivery log like any other, and the "
                    + "automatic schedule is unchanged. At most one manual retry per endpoint and event is queued at a "
                    + "time: a retry asked while one is queued or being sent answers 202 without queuing another.")
    @APIResponse(responseCode = "202", description = "Queued (or one was queued already)")
    @APIResponse(responseCode = "403", description = "Not an Admin of the endpoint's company")
    @APIResponse(responseCode = "404", description = "No such endpoint (or not the caller's), or an event never meant "
            + "for this endpoint")
    public Response retry(@PathParam("id") UUID id, @PathParam("eventId") UUID eventId) {
        endpoints.queueRetry(id, eventId);
        return Response.accepted(Envelope.ok()).build();
    }
}
