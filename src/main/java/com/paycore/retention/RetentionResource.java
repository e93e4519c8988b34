package com.paycore.retention;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope;

@Path("/adm/retention")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Platform")
@APIResponse(responseCode = "403", description = "Not a platform administrator")
public class RetentionResource {

    @Inject
    RetentionJob job;

    @POST
    @Path("run")
    @Operation(operationId = "runRetention", summary = "Delete the rows past their retention now",
            description = "Deletes, in batches of payments.retention.batch-size rows, the rows older than their "
                    + "payments.retention.* setting: dispatched event outbox rows, finished webhook deliveries, "
                    + "webhook attempts, refresh tokens of ended sessions, finished runs, idempotency rows and audit "
                    + "rows (docs/operations.md, Retention). Transactions and their events are never deleted. The same runs every "
                    + "payments.retention.interval-seconds on every instance. Answers one entry per kind whose "
                    + "retention is on: its name and the rows this run deleted.")
    @APIResponse(responseCode = "200", description = "entries: kind, deleted")
    public Envelope<Entries<Pruned>> run() {
        List<Pruned> pruned = job.runNow().entrySet().stream().map(e -> new Pruned(e.getKey(), e.getValue())).toList();
        return Envelope.list(pruned);
    }
}
