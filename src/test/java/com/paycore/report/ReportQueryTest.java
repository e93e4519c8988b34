package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.paycore.platform.web.AppException;

class ReportQueryTest {

    static ReportRequest request(String start, String end) {
        ReportRequest r = new ReportRequest();
        r.companyId = UUID.randomUUID();
        r.startDate = start;
        r.endDate = end;
        return r;
    }

    static JsonObject json(String text) {
        try (var reader = Json.createReader(new StringReader(text.replace('\'', '"')))) {
            return reader.readObject();
        }
    }

    private static String refused(ReportRequest r) {
        AppException e = assertThrows(AppException.class, () -> ReportQuery.of(r));
        assertEquals(400, e.code().status(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void datesWithoutOffsetAreReadInTheZoneAndTheEndIsInclusive() {
        ReportRequest r = request("2026-03-10T00:00:00", "2026-03-10T23:59:59");
        ReportQuery q = ReportQuery.of(r); // Eastern Standard Time: EDT (UTC-4) on 10 March 2026
        assertEquals(OffsetDateTime.parse("2026-03-10T04:00:00Z"), q.from());
        assertEquals(OffsetDateTime.parse("2026-03-11T03:59:59.000001Z"), q.until());
        assertEquals("America/New_York", q.zone().getId());
        r.timeZoneId = "Europe/Berlin";
        assertEquals(OffsetDateTime.parse("2026-03-09T23:00:00Z"), ReportQuery.of(r).from());
    }

    @Test
    void datesWithAnOffsetAreTakenAsGivenAndADateAloneIsAWholeDay() {
        ReportQuery q = ReportQuery.of(request("2026-03-10T03:30:00Z", "2026-03-10T07:00:00+02:00"));
        assertEquals(OffsetDateTime.parse("2026-03-10T03:30:00Z"), q.from());
        assertEquals(OffsetDateTime.parse("2026-03-10T05:00:00.000001Z"), q.until());
        ReportRequest days = request("2026-03-09", "2026-03-10");
        days.timeZoneId = "UTC";
        q = ReportQuery.of(days);
        assertEquals(OffsetDateTime.parse("2026-03-09T00:00:00Z"), q.from());
        assertEquals(OffsetDateTime.parse("2026-03-11T00:00:00Z"), q.until());
    }

    @ParameterizedTest
    @CsvSource({"yesterday, 2026-03-10, startDate: not an ISO 8601", "2026-03-10, 10/03/2026, endDate: not an ISO 8601",
            "2026-03-11, 2026-03-10T00:00:00, startDate must not be after endDate"})
    void badDatesAre400(String start, String end, String message) {
        assertTrue(refused(request(start, end)).startsWith(message));
    }

    @Test
    void groupIndexOrdersTheColumnsAndGroupByAppendsEventTime() {
        ReportRequest r = request("2026-03-01", "2026-03-31");
        r.group = json("{'ccType': {'index': 2}, 'projectName': {'index': 1}, 'tags': [{'index': 0, 'label': 'channel'}],"
                + " 'billingState': {}}");
        r.groupBy = "Month";
        ReportQuery q = ReportQuery.of(r);
        assertEquals(List.of(ReportQuery.Group.ofTag("channel"), ReportQuery.Group.of(Dimension.projectName),
                ReportQuery.Group.of(Dimension.ccType), ReportQuery.Group.of(Dimension.billingState),
                ReportQuery.Group.of(Dimension.eventYear), ReportQuery.Group.of(Dimension.eventMonth)), q.groups());
    }

    @Test
    void orderIndexIsThePriority() {
        ReportRequest r = request("2026-03-01", "2026-03-31");
        r.group = json("{'date': {'index': 0}}");
        r.order = json("{'eventCount': {'index': 1, 'option': 'Desc'}, 'date': {'index': 0, 'option': 'asc'}}");
        assertEquals(List.of(new ReportQuery.Order(ReportQuery.Group.of(Dimension.date), null, false),
                new ReportQuery.Order(null, Metric.eventCount, true)), ReportQuery.of(r).orders());
    }

    @Test
    void filtersKeepTheirItemsAndTagItemsAreGroupedByLabel() {
        ReportRequest r = request("2026-03-01", "2026-03-31");
        r.filter = json("{'billingState': [{'value': 'NY', 'condition': 'Equals'}, {'value': 'C', 'condition': 'StartsWith'}],"
                + " 'eventMonth': [{'value': 3, 'condition': 'GreaterThanOrEqual'}], 'validCVV': [{'value': false}],"
                + " 'ip': [], 'tags': [{'label': 'channel', 'item': {'value': 'web', 'condition': 'Equals'}},"
                + " {'label': 'campaign', 'item': {'value': null, 'condition': 'NotEquals'}},"
                + " {'label': 'channel', 'item': {'value': 'mob', 'condition': 'Contains'}}]}");
        List<ReportQuery.Filter> filters = ReportQuery.of(r).filters();
        assertEquals(5, filters.size(), filters.toString()); // the empty ip list constrains nothing
        assertEquals(List.of(new ReportQuery.Item(Condition.Equals, "NY"), new ReportQuery.Item(Condition.StartsWith, "C")),
                filters.get(0).items());
        assertEquals(List.of(new ReportQuery.Item(Condition.GreaterThanOrEqual, 3)), filters.get(1).items());
        assertEquals(List.of(new ReportQuery.Item(Condition.Equals, false)), filters.get(2).items());
        assertEquals(new ReportQuery.Filter(ReportQuery.Group.ofTag("channel"), List.of(
                new ReportQuery.Item(Condition.Equals, "web"), new ReportQuery.Item(Condition.Contains, "mob"))), filters.get(3));
        assertEquals(new ReportQuery.Filter(ReportQuery.Group.ofTag("campaign"), List.of(
                new ReportQuery.Item(Condition.NotEquals, null))), filters.get(4));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "group | {'color': {'index': 0}} | group: unknown key 'color'",
            "group | {'date': 1} | group.date: must be an object",
            "group | {'date': {'index': 'first'}} | group.date.index: must be a whole number",
            "group | {'tags': [{'index': 0}]} | group.tags[].label: required",
            "group | {'tags': [{'label': 'a'}, {'label': 'a'}]} | group.tags: label 'a' given twice",
            "order | {'ccType': {'index': 0}} | order.ccType: not a group key",
            "order | {'eventCount': {'option': 'Up'}} | order.eventCount.option: must be Asc or Desc",
            "order | {'colour': {'index': 0}} | order: unknown key 'colour'",
            "order | {'tags': [{'label': 'x', 'option': 'Asc'}]} | order.tags: label 'x' is not grouped",
            "filter | {'colour': [{'value': 'red'}]} | filter: unknown key 'colour'",
            "filter | {'ip': [{'value': '1', 'condition': 'Like'}]} | filter.ip[].condition: unknown condition 'Like'",
            "filter | {'ip': [{'value': 1}]} | filter.ip[].value: must be a string",
            "filter | {'ip': {'value': '1'}} | filter.ip: must be an array",
            "filter | {'ip': [{'condition': 'Equals'}]} | filter.ip[].value: required",
            "filter | {'week': [{'value': '11'}]} | filter.week[].value: must be a whole number",
            "filter | {'week': [{'value': 11, 'condition': 'Contains'}]} | filter.week[].condition: Contains does not apply",
            "filter | {'validCVV': [{'value': 'yes'}]} | filter.validCVV[].value: must be true or false",
            "filter | {'validCVV': [{'value': true, 'condition': 'GreaterThan'}]} | filter.validCVV[].condition: GreaterThan",
            "filter | {'eventType': [{'value': 'Authorise'}]} | filter.eventType[]: unknown value 'Authorise'",
            "filter | {'ccType': [{'value': 'visa', 'condition': 'NotEquals'}]} | filter.ccType[]: unknown value 'visa'",
            "filter | {'ip': [{'value': null, 'condition': 'Contains'}]} | filter.ip[].condition: Contains does not apply to null",
            "filter | {'tags': [{'label': 'a', 'value': 'b'}]} | filter.tags[].item: required"})
    void unknownKeysConditionsAndWrongValuesAre400(String section, String body, String message) {
        ReportRequest r = request("2026-03-01", "2026-03-31");
        r.group = json("{'date': {'index': 0}}");
        switch (section) {
            case "group" -> r.group = json(body);
            case "order" -> r.order = json(body);
            default -> r.filter = json(body);
        }
        String refused = refused(r);
        assertTrue(refused.startsWith(message), refused);
    }

    @Test
    void pagingLimits() {
        ReportRequest r = request("2026-03-01", "2026-03-31");
        assertEquals(20, ReportQuery.of(r).page().limit());
        r.limit = 1001;
        assertTrue(refused(r).startsWith("limit must be between 1 and 1000"));
        r.limit = 1000;
        r.returnAllIfCountLessThan = 10_001;
        assertTrue(refused(r).startsWith("returnAllIfCountLessThan must be between 0 and 10000"));
        r.returnAllIfCountLessThan = -1;
        refused(r);
        r.returnAllIfCountLessThan = 10_000;
        assertEquals(10_000, ReportQuery.of(r).returnAllIfCountLessThan());
        r.groupBy = "year";
        assertTrue(refused(r).startsWith("groupBy: must be day, week or month"));
    }

    // ---- cost limits ----

    @Test
    void theRangeSpansAtMostTheConfiguredDaysInTheZone() {
        ReportRequest r = request("2026-01-01", "2027-02-04"); // 400 whole days in New York, daylight saving included
        ReportQuery.of(r);
        r.endDate = "2027-02-04T23:59:59.999999";
        ReportQuery.of(r);
        r.endDate = "2027-02-05T00:00:00";
        assertEquals("startDate to endDate spans more than 400 days, the longest range a report may cover "
                + "(payments.reports.max-range-days): ask for a shorter range", refused(r));
        r.endDate = "2026-01-31";
        ReportQuery.of(r, 31);
        r.endDate = "2026-02-01";
        AppException e = assertThrows(AppException.class, () -> ReportQuery.of(r, 31));
        assertTrue(e.getMessage().startsWith("startDate to endDate spans more than 31 days"), e.getMessage());
    }

    private static String items(String key, int count, String value) {
        StringBuilder items = new StringBuilder("{'" + key + "': [");
        for (int i = 0; i < count; i++) {
            items.append(i == 0 ? "" : ", ").append("{'value': '").append(value).append(i).append("', 'condition': 'Contains'}");
        }
        return items.append("]}").toString();
    }

    @Test
    void atMostTwentyItemsPerFilterKey() {
        ReportRequest r = request("2026-03-01", "2026-03-31");
        r.filter = json(items("billingCity", 20, "city"));
        assertEquals(20, ReportQuery.of(r).filters().get(0).items().size());
        r.filter = json(items("billingCity", 21, "city"));
        assertEquals("filter.billingCity: at most 20 items (the limit per filter key)", refused(r));
    }

    private static String tagItems(int labels, int itemsPerLabel) {
        StringBuilder tags = new StringBuilder("{'tags': [");
        for (int l = 0; l < labels; l++) {
            for (int i = 0; i < itemsPerLabel; i++) {
                tags.append(l + i == 0 ? "" : ", ").append("{'label': 'l").append(l).append("', 'item': {'value': 'v")
                        .append(i).append("'}}");
            }
        }
        return tags.append("]}").toString();
    }

    @Test
    void atMostTwentyItemsPerTagLabelAndFiveTagLabels() {
        ReportRequest r = request("2026-03-01", "2026-03-31");
        r.filter = json(tagItems(5, 20));
        assertEquals(5, ReportQuery.of(r).filters().size());
        r.filter = json(tagItems(1, 21));
        assertEquals("filter.tags: at most 20 items for one label ('l0')", refused(r));
        r.filter = json(tagItems(6, 1));
        assertEquals("filter.tags: at most 5 distinct tag labels", refused(r));
        r.filter = null;
        r.group = json("{'tags': [{'label': 'a'}, {'label': 'b'}, {'label': 'c'}, {'label': 'd'}, {'label': 'e'}]}");
        assertEquals(5, ReportQuery.of(r).groups().size());
        r.group = json("{'tags': [{'label': 'a'}, {'label': 'b'}, {'label': 'c'}, {'label': 'd'}, {'label': 'e'}, "
                + "{'label': 'f'}]}");
        assertEquals("group.tags: at most 5 tag labels", refused(r));
        // Grouped and filtered labels count together; a label in both counts once.
        r.group = json("{'tags': [{'label': 'l0'}, {'label': 'a'}, {'label': 'b'}]}");
        r.filter = json(tagItems(3, 1)); // l0, l1, l2: with a and b, 5 labels
        ReportQuery.of(r);
        r.filter = json(tagItems(4, 1));
        assertEquals("tags: at most 5 distinct tag labels in group, order and filter together (this request names 6)",
                refused(r));
    }
}
