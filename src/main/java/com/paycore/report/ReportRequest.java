package com.paycore.report;

import java.util.UUID;

import jakarta.json.JsonObject;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** E3's body. filter, order and group have keys chosen by the client, so they are read as JSON objects. */
public class ReportRequest {

    @NotNull
    @Schema(example = "9b2f4e1a-6c3d-4a5b-8e7f-1a2b3c4d5e6f")
    public UUID companyId;
    @NotBlank
    @Schema(description = "ISO 8601 date-time, inclusive; without an offset it is read in timeZoneId. A date alone "
            + "(2026-03-10) is the start of that day", required = true, example = "2026-03-01T00:00:00")
    public String startDate;
    @NotBlank
    @Schema(description = "ISO 8601 date-time, inclusive; without an offset it is read in timeZoneId. A date alone "
            + "(2026-03-31) covers that whole day", required = true, example = "2026-03-31T23:59:59")
    public String endDate;
    @Schema(description = "Windows (Eastern Standard Time, the default) or IANA (America/New_York) time-zone id",
            example = "America/New_York")
    public String timeZoneId;
    @Schema(description = "When the total number of grouped rows is at or below this (0 to 10000), every row returns "
            + "and offset/limit are ignored")
    public Integer returnAllIfCountLessThan;
    @Schema(description = "Grouped rows to skip; default 0")
    public Integer offset;
    @Schema(description = "Grouped rows to return: 1 to 1000, default 20", example = "20")
    public Integer limit;
    @Schema(type = SchemaType.OBJECT, description = "key -> [{value, condition}]; tags -> [{label, item: {value, condition}}]")
    public JsonObject filter;
    @Schema(type = SchemaType.OBJECT, description = "key -> {index, option: Asc|Desc}; tags -> [{index, option, label}]")
    public JsonObject order;
    @Schema(type = SchemaType.OBJECT, description = "key -> {index}; tags -> [{index, label}]",
            example = "{\"eventDate\": {\"index\": 0}}")
    public JsonObject group;
    @Schema(description = "Shorthand for grouping by event time: day (eventDate), week (eventYear, eventWeek) or "
            + "month (eventYear, eventMonth), after the group keys")
    public String groupBy;
}
