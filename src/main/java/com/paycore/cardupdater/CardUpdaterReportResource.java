package com.paycore.cardupdater;

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
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope;

@Path("/adm/reports/creditCardUpdater")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Reports")
public class CardUpdaterReportResource {

    @Inject
    CardUpdateReport report;

    @GET
    @Operation(operationId = "getCardUpdaterReport", summary = "E14 Credit card updater report",
            description = "The card account updater's updates of a company's payment tokens whose update date lies "
                    + "between StartDate and EndDate (both required, inclusive; ISO 8601 date-times, read as UTC "
                    + "when they carry no offset). updateType (CardExpired, CardReplaced, AccountClosed, "
                    + "ContactCardholder) and projectId narrow it; limit (default 20, at most 1000) and offset page "
                    + "it, oldest first. Entries: customerId (the payment token's id), oldCardLast4, newCardLast4, "
                    + "oldExpirationDate, newExpirationDate (YYYY-MM), updateDate, updateReason (the update type), "
                    + "projectId. For AccountClosed and ContactCardholder the new values equal the old ones (the card "
                    + "did not change). total counts every match before paging. No match is a success with empty "
                    + "entries (a projectId of another company matches nothing). Platform administrators read any "
                    + "company, company Admins their own, company Users only the rows of projects assigned to them.")
    @APIResponse(responseCode = "200", description = "entries, total")
    @APIResponse(responseCode = "400", description = "CompanyId, StartDate or EndDate missing or malformed, EndDate "
            + "before StartDate, unknown updateType, malformed projectId, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
    @APIResponse(responseCode = "403", description = "Inactive membership or company, or a membership without a role")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    @Parameters({@Parameter(name = "CompanyId", in = ParameterIn.QUERY),
            @Parameter(name = "StartDate", in = ParameterIn.QUERY),
            @Parameter(name = "EndDate", in = ParameterIn.QUERY),
            @Parameter(name = "updateType", in = ParameterIn.QUERY),
            @Parameter(name = "projectId", in = ParameterIn.QUERY)})
    public Envelope<CardUpdateReport.Result> list(@QueryParam("CompanyId") UUID companyId, @QueryParam("StartDate") OffsetDateTime startDate,
                         @QueryParam("EndDate") OffsetDateTime endDate, @QueryParam("updateType") String updateType,
                         @QueryParam("projectId") UUID projectId, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.ok(report.report(companyId, startDate, endDate, updateType, projectId,
                Page.of(limit, offset)));
    }
}
