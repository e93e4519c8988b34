package com.paycore.report;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
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

import com.paycore.platform.web.Envelope;
import com.paycore.run.Runs;

@Path("/adm/reportTransactions")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Reports")
public class ReportTransactionsResource {

    @Inject
    ReportService reports;

    @Inject
    ReportSync sync;

    @POST
    @Path("reports")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getTransactionReport", summary = "E3 Grouped transaction report", description = """
            Groups the company's transaction events whose time lies in [startDate, endDate] (both inclusive, to the \
            microsecond; without an offset read in timeZoneId; a date alone is a whole day) and answers entries and \
            total (the number of groups before paging), plus timeZoneId (the IANA zone used).
            Data: a fact table synchronized from the transactions every payments.reports.sync-interval-seconds \
            (default 60 s) and by POST /api/adm/reportTransactions/sync: the newest events may lag by that much.
            timeZoneId: a Windows id (default Eastern Standard Time) or an IANA id, ignoring case; unknown: 400.
            group: {key: {index}} and tags: [{index, label}]; index orders the grouping columns. Keys: projectName, \
            dateTime, time, date, week, month, year, resultCode, eventType, eventResult, eventDateTime, eventTime, \
            eventDate, eventWeek, eventMonth, eventYear, ip, fingerprint, validCVV, email, ccType, ccLast4, \
            ccExpirationDate, billing* and delivery* (FirstName, LastName, AddressLine1, AddressLine2, City, State, \
            Zip, Country). Time keys read the transaction's creation time, event* keys the event's time, both in \
            timeZoneId: date 2026-03-09, time 23:30:00, dateTime 2026-03-09T23:30:00 (wall clock in the zone, no \
            offset), week the ISO week number, month 1-12, year "2026" (a string). resultCode is the event's result \
            code. groupBy day|week|month adds eventDate | eventYear+eventWeek | eventYear+eventMonth. Without any \
            group key the answer is one row of totals (none when no event matches).
            Entries: the group keys (tags as an object label -> value; a transaction without the tag groups under \
            null) and every metric: paymentAuthorizations (Authorize), paymentSettlements (Settle), \
            refundAuthorizations (Refund), refundSettlements (RefundSettle), paymentReverseAuthorizations \
            (ReverseAuthorize), chargebacks (Chargeback): *Count and *Value count and sum the Approved events of that \
            type; amount sums every event's amount whatever its type and result (currencies are not converted); \
            eventCount; firstEventDate/lastEventDate (date in the zone), firstEventDateTime/lastEventDateTime (ISO \
            8601 with the zone's offset); lastEventType and lastEventResult of the latest event (ties: the later \
            move of the same transaction).
            order: {key: {index, option: Asc|Desc}} and tags: [{index, option, label}]; keys are grouped keys and \
            metrics (a dimension that is not grouped: 400); index is the priority. Rows are then ordered by the \
            remaining group keys ascending; an empty value sorts as the largest (last ascending, first descending).
            filter: {key: [{value, condition}]} and tags: [{label, item: {value, condition}}]; items of one key (one \
            tag label) are OR-ed, keys AND-ed. Conditions Equals (default), NotEquals, Contains, StartsWith, \
            GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual. week/month/eventWeek/eventMonth take whole \
            numbers (no Contains/StartsWith), validCVV true/false (null: the CVV check is unknown), every other key strings; \
            eventType, eventResult and ccType values must be known names for Equals/NotEquals. Contains and StartsWith \
            ignore case; NotEquals also matches rows without a value; a null value matches rows without a value \
            (Equals) or with one (NotEquals). Unknown key, condition or value type: 400. Values are always bound \
            parameters, never SQL.
            Paging: limit 1 to 1000 (default 20), offset >= 0; returnAllIfCountLessThan (0 to 10000): when total is \
            at or below it, every row returns. No match: success with empty entries and total 0.
            Access: platform administrators any company; a company's Admins all of it; its Users only the events of \
            projects assigned to them.
            Cost limits: startDate to endDate spans at most payments.reports.max-range-days (default 400) days; at \
            most 20 items per filter key (per tag label) and 5 distinct tag labels in group, order and filter \
            together; each statement runs at most payments.reports.statement-timeout (default 15 s), after which the \
            report answers 400; at most payments.reports.max-concurrent-per-company (default 2) reports of one \
            company run at once on an instance, one more answers 429 at once.""")
    @APIResponse(responseCode = "200", description = "entries, total, timeZoneId")
    @APIResponse(responseCode = "400", description = "Missing companyId, startDate or endDate; malformed date or id; "
            + "startDate after endDate; unknown time zone, key, condition or option; a value of the wrong type; "
            + "ordering by a dimension that is not grouped; limit, offset or returnAllIfCountLessThan out of range; "
            + "a range, filter or tag-label count beyond its limit; the report ran longer than the statement timeout")
    @APIResponse(responseCode = "429", description = "The company already has as many reports running on this instance "
            + "as payments.reports.max-concurrent-per-company allows; try again when one has finished")
    @APIResponse(responseCode = "403", description = "An inactive member, role None, or an inactive company")
    @APIResponse(responseCode = "404", description = "No such company, or not the caller's")
    public Envelope<ReportService.Report> report(@RequestBody(required = true) @NotNull ReportRequest request) {
        return Envelope.ok(reports.run(request));
    }

    @POST
    @Path("sync")
    @Operation(operationId = "syncTransactionReport", summary = "Synchronize the report data now (a long run: 202, then GET the run)",
            description = "Starts copying transaction events not yet in the report's fact table (and project renames), "
                    + "as the periodic job does every payments.reports.sync-interval-seconds. Answers 202 at once with "
                    + "the run's id (Location: GET /api/adm/runs/{id}, which shows, at the end, the outcome: added "
                    + "(fact rows added), renamed (rows given a project's new name) and tags (tag rows added)). One "
                    + "requested sync at a time: a request while one runs answers 409 naming it. Safe beside the "
                    + "periodic job on every instance: runs take turns and copy each event once. full=true looks at "
                    + "every event instead of those recorded since the previous run (less an hour).")
    @APIResponse(responseCode = "202", description = "id, kind, state: the run started; Location is the run",
            content = @Content(schema = @Schema(implementation = Runs.Started.class)))
    @APIResponse(responseCode = "400", description = "Malformed full")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "409", description = "A requested sync is already running (its id in the message and Location)")
    public Response sync(@QueryParam("full") Boolean full, @Context UriInfo uri) {
        return sync.start(Boolean.TRUE.equals(full), uri);
    }
}
