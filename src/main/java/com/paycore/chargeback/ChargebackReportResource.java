package com.paycore.chargeback;

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

@Path("/adm/reports/chargebacks")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Reports")
public class ChargebackReportResource {

    @Inject
    ChargebackReport report;

    @GET
    @Operation(operationId = "getChargebackReport", summary = "E13 Chargeback report",
            description = "CompanyId, StartDate and EndDate (ISO 8601, inclusive; without an offset read as UTC; at "
                    + "most 90 days apart) are required. ChargebackReportDateType: DateCreated (default; when the "
                    + "chargeback was recorded) or CaseTime (the processor's chargebackDate). Optional projectId and "
                    + "status (Pending, Accepted, Disputed, Won, Lost), limit (default 20, at most 1000) and offset. "
                    + "Entries: chargebackId, transactionId, projectId, chargebackDate, amount, currency, reason, "
                    + "reasonCode, status, dueDate (the respondByDate), createdDate; oldest first. total counts every "
                    + "match; totalAmount sums their amounts (in major units, whatever their currencies). No match: "
                    + "success with an empty list. Company Users see only the projects assigned to them.")
    @APIResponse(responseCode = "200", description = "entries, total, totalAmount")
    @APIResponse(responseCode = "400", description = "Missing or malformed CompanyId or dates, range over 90 days or "
            + "reversed, unknown ChargebackReportDateType or status, limit out of range")
    @APIResponse(responseCode = "403", description = "An inactive member of the company")
    @APIResponse(responseCode = "404", description = "Unknown company, or one the caller is not a member of")
    @Parameters({@Parameter(name = "CompanyId", in = ParameterIn.QUERY),
            @Parameter(name = "StartDate", in = ParameterIn.QUERY),
            @Parameter(name = "EndDate", in = ParameterIn.QUERY),
            @Parameter(name = "ChargebackReportDateType", in = ParameterIn.QUERY),
            @Parameter(name = "projectId", in = ParameterIn.QUERY),
            @Parameter(name = "status", in = ParameterIn.QUERY)})
    public Envelope<ChargebackReport.Result> chargebackReport(@QueryParam("CompanyId") UUID companyId, @QueryParam("StartDate") OffsetDateTime startDate,
                                     @QueryParam("EndDate") OffsetDateTime endDate,
                                     @QueryParam("ChargebackReportDateType") String dateType,
                                     @QueryParam("projectId") UUID projectId, @QueryParam("status") String status,
                                     @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset) {
        ChargebackReport.Result result = report.run(companyId, startDate, endDate, dateType, projectId, status,
                Page.of(limit, offset));
        return Envelope.ok(result);
    }
}
