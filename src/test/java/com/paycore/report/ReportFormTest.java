package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import jakarta.json.JsonValue;

import org.junit.jupiter.api.Test;

/** What a report form (the console's) is offered and how the text it types becomes E3's filter values. */
class ReportFormTest {

    @Test
    void theFormOffersE3sOwnKeysConditionsAndMetrics() {
        assertEquals(39, ReportService.dimensions().size());
        assertEquals("projectName", ReportService.dimensions().get(0));
        assertTrue(ReportService.dimensions().containsAll(List.of("ccType", "eventDate", "week", "validCVV", "deliveryCountry")));
        assertEquals(List.of("Equals", "NotEquals", "Contains", "StartsWith", "GreaterThan", "GreaterThanOrEqual",
                "LessThan", "LessThanOrEqual"), ReportService.conditions());
        assertEquals(20, ReportService.metrics().size());
        assertEquals("paymentAuthorizationsCount", ReportService.metrics().get(0));
    }

    @Test
    void typedTextBecomesTheValueTypeItsKeyTakes() {
        assertEquals(JsonValue.ValueType.NUMBER, ReportService.filterValue("week", " 12 ").getValueType());
        assertEquals("12", ReportService.filterValue("eventMonth", "12").toString());
        assertEquals(JsonValue.TRUE, ReportService.filterValue("validCVV", "TRUE"));
        assertEquals(JsonValue.FALSE, ReportService.filterValue("validCVV", "false"));
        assertEquals("\"VISA\"", ReportService.filterValue("ccType", "VISA").toString());
        assertEquals("\"12\"", ReportService.filterValue("ccLast4", "12").toString(), "a text key keeps digits as text");
    }

    @Test
    void textThatIsNotOfTheKeysTypeStaysTextForE3ToRefuse() {
        assertEquals("\"fifty\"", ReportService.filterValue("week", "fifty").toString());
        assertEquals("\"yes\"", ReportService.filterValue("validCVV", "yes").toString());
        assertEquals("\"x\"", ReportService.filterValue("colour", "x").toString(), "an unknown key: text");
    }
}
