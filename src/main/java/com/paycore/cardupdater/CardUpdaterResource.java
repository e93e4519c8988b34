package com.paycore.cardupdater;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
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

import com.paycore.run.Runs;

@Path("/adm/creditCardUpdater")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Card account updater")
public class CardUpdaterResource {

    @Inject
    CardUpdaterService updater;

    @POST
    @Path("runs")
    @Operation(operationId = "runCardUpdater", summary = "Run the card account updater for a company (a long run: 202, then GET the run)",
            description = "Body {\"companyId\": ...}. Asks, through each project's active processor, what the card's "
                    + "issuer reports about every active payment token of the company's projects, and applies it: "
                    + "CardExpired sets the new expiry; CardReplaced stores the new card number (encrypted under the "
                    + "newest keystore; brand, last four digits and masked number follow it) and its expiry; "
                    + "AccountClosed disables the token (no further transactions: 400 on authorization); "
                    + "ContactCardholder leaves the token as it is. Each of these is recorded (E14); NoChange answers "
                    + "are only counted. Projects without an active processor are left out. A token is asked at most "
                    + "once per calendar month (UTC), by whichever run comes first, manual or the monthly schedule "
                    + "(payments.card-updater.schedule): a second run in the same month leaves it alone, so runs "
                    + "never apply an answer twice, also when they run at once on several instances. A token whose "
                    + "processor call fails, or whose answer cannot be applied, is unchanged, counted as failed and "
                    + "asked again by the next run. Answers 202 at once with the run's id (Location: GET "
                    + "/api/adm/runs/{id}, which shows the tokens done and left and, at the end, the outcome: runId "
                    + "(the updater run, as in E14), companyId, trigger, startedAt, finishedAt, checked (tokens asked), "
                    + "counts (CardExpired, CardReplaced, AccountClosed, ContactCardholder, NoChange) and failed). One "
                    + "requested run per company at a time: a request while one runs answers 409 naming it. Card "
                    + "numbers never appear.")
    @APIResponse(responseCode = "202", description = "id, kind, state: the run started; Location is the run",
            content = @Content(schema = @Schema(implementation = Runs.Started.class)))
    @APIResponse(responseCode = "400", description = "companyId missing or not a UUID")
    @APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
    @APIResponse(responseCode = "403", description = "Not a platform administrator or an active Admin of the company")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    @APIResponse(responseCode = "409", description = "A run for this company is already running (its id in the message and Location)")
    public Response run(@RequestBody(required = true) @Valid @NotNull RunRequest request, @Context UriInfo uri) {
        return updater.start(request.companyId, uri);
    }
}
