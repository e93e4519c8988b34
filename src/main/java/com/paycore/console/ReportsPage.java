package com.paycore.console;

import java.io.IOException;
import java.io.Serializable;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.annotation.PostConstruct;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.ConstraintViolationException;

import com.paycore.company.CompanyService;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.report.ReportRequest;
import com.paycore.report.ReportService;

/**
 * The report builder at {@code /console/reports}: E3 itself. The form becomes an E3 request (company, date range, time
 * zone, group keys, filters) that {@link ReportService#run} answers exactly as it answers the API (the same access
 * rules, validation, limits and rows); its refusals are shown in their own words. The rows are shown as a table and a
 * chart, and downloaded as CSV (the same rows, every metric).
 */
@Named
@ViewScoped
public class ReportsPage implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Rows asked of E3 at once: its largest page. */
    static final int ROWS = Page.MAX_LIMIT;
    /** Filter lines of the form. */
    static final int FILTERS = 3;
    /** The metrics the table shows (the CSV has every one). */
    static final List<String> TABLE_METRICS = List.of("paymentAuthorizationsCount", "paymentAuthorizationsValue",
            "paymentSettlementsCount", "paymentSettlementsValue", "refundAuthorizationsCount", "refundAuthorizationsValue",
            "paymentReverseAuthorizationsCount", "chargebacksCount", "chargebacksValue", "amount", "eventCount");
    /** The metrics a chart can show: counts and sums. */
    static final List<String> CHART_METRICS = List.of("paymentAuthorizationsCount", "paymentAuthorizationsValue",
            "paymentSettlementsCount", "paymentSettlementsValue", "refundAuthorizationsCount", "refundAuthorizationsValue",
            "refundSettlementsCount", "refundSettlementsValue", "paymentReverseAuthorizationsCount",
            "paymentReverseAuthorizationsValue", "chargebacksCount", "chargebacksValue", "amount", "eventCount");

    @Inject
    ReportService reports;

    @Inject
    CompanyService companies;

    @Inject
    Clock clock;

    private Map<String, String> companyChoices;
    private String companyId;
    private String startDate;
    private String endDate;
    private String timeZone;
    private List<String> groups = new ArrayList<>();
    private final List<FilterLine> filters = new ArrayList<>();
    private String chartMetric = "paymentAuthorizationsCount";

    private String refusal;
    private boolean ran;
    private List<String> dimensionsShown = List.of();
    private List<List<String>> rows = List.of(); // every column of the CSV, values as E3 answered them
    private long total;
    private String zoneUsed;

    /** One line of the filter form: key, condition, value (typed as text). */
    public static final class FilterLine implements Serializable {

        private static final long serialVersionUID = 1L;
        private String key = "";
        private String condition = "Equals";
        private String value = "";

        public String getKey() {
            return key;
        }

        public void setKey(String key) {
            this.key = key == null ? "" : key;
        }

        public String getCondition() {
            return condition;
        }

        public void setCondition(String condition) {
            this.condition = condition;
        }

        public String getValue() {
            return value;
        }

        public void setValue(String value) {
            this.value = value == null ? "" : value;
        }
    }

    @PostConstruct
    void init() {
        Map<String, String> choices = new LinkedHashMap<>();
        companies.readableNames().forEach((id, name) -> choices.put(name, id.toString()));
        companyChoices = choices;
        if (choices.size() == 1) {
            companyId = choices.values().iterator().next();
        }
        LocalDate today = clock.instant().atOffset(ZoneOffset.UTC).toLocalDate();
        startDate = today.minusDays(6).toString();
        endDate = today.toString();
        for (int i = 0; i < FILTERS; i++) {
            filters.add(new FilterLine());
        }
    }

    /** Runs the report; a refusal is kept in words for the page. */
    public String run() {
        refusal = null;
        ran = false;
        rows = List.of();
        UUID company;
        try {
            company = Ids.parse(companyId == null ? "" : companyId.strip());
        } catch (IllegalArgumentException none) {
            refusal = "Choose a company.";
            return null;
        }
        ReportRequest request = new ReportRequest();
        request.companyId = company;
        request.startDate = startDate;
        request.endDate = endDate;
        request.timeZoneId = timeZone == null || timeZone.isBlank() ? null : timeZone.strip();
        request.offset = 0;
        request.limit = ROWS;
        request.group = group();
        request.filter = filter();
        try {
            ReportService.Report report = reports.run(request);
            dimensionsShown = List.copyOf(groups);
            List<String> columns = getCsvColumns();
            rows = report.entries().stream().map(entry -> columns.stream().map(key -> text(entry.get(key))).toList())
                    .toList();
            total = report.total();
            zoneUsed = report.timeZoneId();
            ran = true;
        } catch (AppException refused) {
            refusal = refused.getMessage();
        } catch (ConstraintViolationException invalid) {
            refusal = invalid.getConstraintViolations().stream()
                    .map(v -> v.getPropertyPath() + ": " + v.getMessage()).sorted().collect(Collectors.joining("; "));
        }
        return null;
    }

    private JsonObject group() {
        JsonObjectBuilder group = Json.createObjectBuilder();
        for (int i = 0; i < groups.size(); i++) {
            group.add(groups.get(i), Json.createObjectBuilder().add("index", i));
        }
        return group.build();
    }

    /** Lines with a key; lines of one key become its items (OR-ed), as E3 reads them. */
    private JsonObject filter() {
        Map<String, JsonArrayBuilder> byKey = new LinkedHashMap<>();
        for (FilterLine line : filters) {
            if (line.key.isBlank()) {
                continue;
            }
            byKey.computeIfAbsent(line.key, k -> Json.createArrayBuilder())
                    .add(Json.createObjectBuilder().add("value", ReportService.filterValue(line.key, line.value))
                            .add("condition", line.condition));
        }
        JsonObjectBuilder filter = Json.createObjectBuilder();
        byKey.forEach(filter::add);
        return filter.build();
    }

    private static String text(JsonValue value) {
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return "";
        }
        return value instanceof JsonString s ? s.getString() : value.toString();
    }

    /** The CSV of the rows shown: the group keys then every metric, as E3 answered them (dot decimals, ISO dates). */
    public void downloadCsv() throws IOException {
        if (!ran) {
            run();
            if (!ran) {
                return; // the refusal is shown on the page
            }
        }
        FacesContext faces = FacesContext.getCurrentInstance();
        ExternalContext external = faces.getExternalContext();
        external.setResponseContentType("text/csv");
        external.setResponseCharacterEncoding(StandardCharsets.UTF_8.name());
        external.setResponseHeader("Content-Disposition", "attachment; filename=\"report.csv\"");
        Writer out = external.getResponseOutputWriter();
        out.write(Csv.line(getCsvColumns(), Set.of()));
        Set<Integer> textColumns = new HashSet<>();
        for (int i = 0; i < dimensionsShown.size(); i++) {
            textColumns.add(i);
        }
        for (List<String> row : rows) {
            out.write(Csv.line(row, textColumns));
        }
        out.flush();
        faces.responseComplete();
    }

    public List<String> getCsvColumns() {
        List<String> columns = new ArrayList<>(dimensionsShown);
        columns.addAll(ReportService.metrics());
        return columns;
    }

    /** The table's columns: the group keys, then the main metrics. */
    public List<String> getTableColumns() {
        List<String> columns = new ArrayList<>(dimensionsShown);
        columns.addAll(TABLE_METRICS);
        return columns;
    }

    /** The table's rows: each row's table columns, numbers in the reader's locale. */
    public List<List<String>> getTableRows() {
        List<String> all = getCsvColumns();
        NumberFormat number = NumberFormat.getNumberInstance(locale());
        number.setMaximumFractionDigits(4);
        List<List<String>> shown = new ArrayList<>();
        for (List<String> row : rows) {
            List<String> cells = new ArrayList<>(row.subList(0, dimensionsShown.size()));
            for (String metric : TABLE_METRICS) {
                String value = row.get(all.indexOf(metric));
                cells.add(metric.endsWith("Value") || metric.equals("amount")
                        ? decimals(number, value, 2) : decimals(number, value, 0));
            }
            shown.add(cells);
        }
        return shown;
    }

    private static String decimals(NumberFormat number, String value, int minimum) {
        if (value.isEmpty()) {
            return value;
        }
        number.setMinimumFractionDigits(minimum);
        return number.format(new BigDecimal(value));
    }

    /** A bar per row (its group values as the label) of the chosen metric: a Chart.js configuration for p:chart. */
    public String getChart() {
        List<String> all = getCsvColumns();
        int metric = all.indexOf(chartMetric);
        JsonArrayBuilder labels = Json.createArrayBuilder();
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (List<String> row : rows) {
            String label = String.join(" · ", row.subList(0, dimensionsShown.size()));
            labels.add(label.isEmpty() ? "All" : label);
            data.add(new BigDecimal(row.get(metric)));
        }
        return Json.createObjectBuilder().add("type", "bar")
                .add("data", Json.createObjectBuilder().add("labels", labels).add("datasets", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("label", chartMetric).add("data", data)
                                .add("backgroundColor", "#1c7ed6"))))
                .add("options", Json.createObjectBuilder().add("animation", false).add("responsive", true)
                        .add("maintainAspectRatio", false)
                        .add("scales", Json.createObjectBuilder().add("y", Json.createObjectBuilder().add("beginAtZero", true))))
                .build().toString();
    }

    private static Locale locale() {
        Locale locale = FacesContext.getCurrentInstance().getExternalContext().getRequestLocale();
        return locale == null ? Locale.ENGLISH : locale;
    }

    public Map<String, String> getCompanyChoices() {
        return companyChoices;
    }

    public List<String> getDimensions() {
        return ReportService.dimensions();
    }

    public List<String> getConditions() {
        return ReportService.conditions();
    }

    public List<String> getChartMetrics() {
        return CHART_METRICS;
    }

    public List<FilterLine> getFilters() {
        return filters;
    }

    public boolean isRan() {
        return ran;
    }

    public String getRefusal() {
        return refusal;
    }

    public long getTotal() {
        return total;
    }

    /** More groups than shown: E3 answered its first page. */
    public boolean isCut() {
        return total > rows.size();
    }

    public int getRowsShown() {
        return rows.size();
    }

    public String getZoneUsed() {
        return zoneUsed;
    }

    public String getCompanyId() {
        return companyId;
    }

    public void setCompanyId(String companyId) {
        this.companyId = companyId;
    }

    public String getStartDate() {
        return startDate;
    }

    public void setStartDate(String startDate) {
        this.startDate = startDate;
    }

    public String getEndDate() {
        return endDate;
    }

    public void setEndDate(String endDate) {
        this.endDate = endDate;
    }

    public String getTimeZone() {
        return timeZone;
    }

    public void setTimeZone(String timeZone) {
        this.timeZone = timeZone;
    }

    public List<String> getGroups() {
        return groups;
    }

    public void setGroups(List<String> groups) {
        this.groups = groups == null ? new ArrayList<>() : new ArrayList<>(groups);
    }

    public String getChartMetric() {
        return chartMetric;
    }

    public void setChartMetric(String chartMetric) {
        this.chartMetric = CHART_METRICS.contains(chartMetric) ? chartMetric : "paymentAuthorizationsCount";
    }
}
