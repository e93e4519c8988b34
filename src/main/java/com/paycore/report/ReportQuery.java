package com.paycore.report;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;

/**
 * An E3 request read and checked: the range as instants ({@code from} inclusive, {@code until} exclusive), the zone,
 * the grouping columns in index order, the filters, the sort and the page. Anything it does not know is a 400 that
 * names the offending key; nothing the client wrote reaches SQL except as a bound value.
 */
record ReportQuery(UUID companyId, OffsetDateTime from, OffsetDateTime until, ZoneId zone, List<Group> groups,
                   List<Filter> filters, List<Order> orders, Page page, Integer returnAllIfCountLessThan) {

    static final int MAX_RETURN_ALL = 10_000;
    /** Items of one filter key (one tag label), OR-ed: each is a condition, a LIKE for Contains and StartsWith. */
    static final int MAX_ITEMS_PER_KEY = 20;
    /** Distinct tag labels of one request, in group, order and filter together: each is a join or a subquery. */
    static final int MAX_TAG_LABELS = 5;
    /** The default of payments.reports.max-range-days. */
    static final int DEFAULT_MAX_RANGE_DAYS = 400;
    static final String TAGS = "tags";

    /** A grouping column: a dimension, or the value of one tag label. */
    record Group(Dimension dimension, String tag) {
        static Group of(Dimension dimension) {
            return new Group(dimension, null);
        }

        static Group ofTag(String label) {
            return new Group(null, label);
        }

        Dimension.Kind kind() {
            return dimension == null ? Dimension.Kind.TEXT : dimension.kind();
        }
    }

    /** One {value, condition} of a filter key. A null value means "has no value" (Equals) or "has one" (NotEquals). */
    record Item(Condition condition, Object value) {
    }

    /** A filter key (a dimension or a tag label) and its items, OR-ed; filters are AND-ed with each other. */
    record Filter(Group target, List<Item> items) {
    }

    /** A sort key: a grouping column or a metric. */
    record Order(Group group, Metric metric, boolean descending) {
    }

    static ReportQuery of(ReportRequest request) {
        return of(request, DEFAULT_MAX_RANGE_DAYS);
    }

    /** @param maxRangeDays the most days startDate to endDate may span (payments.reports.max-range-days) */
    static ReportQuery of(ReportRequest request, int maxRangeDays) {
        ZoneId zone = ReportZones.resolve(request.timeZoneId);
        OffsetDateTime from = instant("startDate", request.startDate, zone, false);
        OffsetDateTime until = instant("endDate", request.endDate, zone, true);
        if (!from.isBefore(until)) {
            throw AppException.invalid("startDate must not be after endDate");
        }
        // Whole days in the zone (a daylight-saving day is one day): 2026-01-01 to 2027-02-04 is 400 days, allowed.
        if (until.isAfter(from.atZoneSameInstant(zone).plusDays(maxRangeDays).toOffsetDateTime())) {
            throw AppException.invalid("startDate to endDate spans more than " + maxRangeDays + " days, the longest "
                    + "range a report may cover (payments.reports.max-range-days): ask for a shorter range");
        }
        Page page = Page.of(request.limit, request.offset);
        Integer returnAll = request.returnAllIfCountLessThan;
        if (returnAll != null && (returnAll < 0 || returnAll > MAX_RETURN_ALL)) {
            throw AppException.invalid("returnAllIfCountLessThan must be between 0 and " + MAX_RETURN_ALL);
        }
        List<Group> groups = groups(request.group, request.groupBy);
        List<Filter> filters = filters(request.filter);
        List<Order> orders = orders(request.order, groups);
        Set<String> labels = new LinkedHashSet<>();
        groups.stream().filter(g -> g.tag() != null).forEach(g -> labels.add(g.tag()));
        filters.stream().filter(f -> f.target().tag() != null).forEach(f -> labels.add(f.target().tag()));
        if (labels.size() > MAX_TAG_LABELS) {
            throw AppException.invalid("tags: at most " + MAX_TAG_LABELS + " distinct tag labels in group, order and "
                    + "filter together (this request names " + labels.size() + ")");
        }
        return new ReportQuery(request.companyId, from, until, zone, groups, filters, orders, page, returnAll);
    }

    // ---- Dates ----

    /**
     * startDate (the first instant) or endDate (turned into the first instant after the range). With an offset as
     * given; without one in the zone; a date alone is the start of that day, or for endDate the whole day.
     */
    static OffsetDateTime instant(String field, String value, ZoneId zone, boolean end) {
        String text = value == null ? "" : value.trim();
        Instant instant;
        try {
            instant = OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException notOffset) {
            try {
                instant = LocalDateTime.parse(text).atZone(zone).toInstant();
            } catch (DateTimeParseException notLocal) {
                try {
                    LocalDate date = LocalDate.parse(text);
                    return (end ? date.plusDays(1) : date).atStartOfDay(zone).toInstant().atOffset(ZoneOffset.UTC);
                } catch (DateTimeParseException notDate) {
                    throw AppException.invalid(field + ": not an ISO 8601 date-time (e.g. 2026-03-10T00:00:00, "
                            + "2026-03-10T00:00:00Z or 2026-03-10)");
                }
            }
        }
        // The database keeps microseconds: an inclusive end covers its whole microsecond.
        instant = instant.truncatedTo(ChronoUnit.MICROS);
        return (end ? instant.plus(1, ChronoUnit.MICROS) : instant).atOffset(ZoneOffset.UTC);
    }

    // ---- group ----

    private record Indexed<T>(T value, Integer index, int position) {
    }

    private static List<Group> groups(JsonObject group, String groupBy) {
        List<Indexed<Group>> found = new ArrayList<>();
        if (group != null) {
            for (Map.Entry<String, JsonValue> entry : group.entrySet()) {
                String key = entry.getKey();
                if (TAGS.equals(key)) {
                    for (JsonValue tag : array(entry.getValue(), "group.tags", MAX_TAG_LABELS, "tag labels")) {
                        JsonObject item = object(tag, "group.tags[]");
                        found.add(new Indexed<>(Group.ofTag(label(item, "group.tags[]")), index(item, "group.tags[]"),
                                found.size()));
                    }
                } else {
                    Dimension dimension = Dimension.byKey(key).orElseThrow(() -> unknownKey("group", key));
                    found.add(new Indexed<>(Group.of(dimension), index(object(entry.getValue(), "group." + key),
                            "group." + key), found.size()));
                }
            }
        }
        Set<Group> ordered = new LinkedHashSet<>();
        found.stream().sorted(byIndex()).forEach(g -> {
            if (!ordered.add(g.value())) {
                throw AppException.invalid("group.tags: label '" + ReportZones.shorten(g.value().tag()) + "' given twice");
            }
        });
        if (groupBy != null && !groupBy.isBlank()) {
            List<Dimension> implied = switch (groupBy.trim().toLowerCase(Locale.ROOT)) {
                case "day" -> List.of(Dimension.eventDate);
                case "week" -> List.of(Dimension.eventYear, Dimension.eventWeek);
                case "month" -> List.of(Dimension.eventYear, Dimension.eventMonth);
                default -> throw AppException.invalid("groupBy: must be day, week or month");
            };
            implied.forEach(d -> ordered.add(Group.of(d)));
        }
        return List.copyOf(ordered);
    }

    // ---- order ----

    private static List<Order> orders(JsonObject order, List<Group> groups) {
        if (order == null) {
            return List.of();
        }
        List<Indexed<Order>> found = new ArrayList<>();
        for (Map.Entry<String, JsonValue> entry : order.entrySet()) {
            String key = entry.getKey();
            if (TAGS.equals(key)) {
                for (JsonValue tag : array(entry.getValue(), "order.tags", MAX_TAG_LABELS, "tag labels")) {
                    JsonObject item = object(tag, "order.tags[]");
                    Group group = Group.ofTag(label(item, "order.tags[]"));
                    if (!groups.contains(group)) {
                        throw AppException.invalid("order.tags: label '" + ReportZones.shorten(group.tag())
                                + "' is not grouped (rows can be ordered by grouped tags and metrics)");
                    }
                    found.add(new Indexed<>(new Order(group, null, descending(item, "order.tags[]")),
                            index(item, "order.tags[]"), found.size()));
                }
                continue;
            }
            String where = "order." + key;
            JsonObject item = object(entry.getValue(), where);
            Order parsed;
            if (Metric.byKey(key).isPresent()) {
                parsed = new Order(null, Metric.byKey(key).get(), descending(item, where));
            } else {
                Dimension dimension = Dimension.byKey(key).orElseThrow(() -> unknownKey("order", key));
                if (!groups.contains(Group.of(dimension))) {
                    throw AppException.invalid(where + ": not a group key (rows can be ordered by group keys and metrics)");
                }
                parsed = new Order(Group.of(dimension), null, descending(item, where));
            }
            found.add(new Indexed<>(parsed, index(item, where), found.size()));
        }
        return found.stream().sorted(byIndex()).map(Indexed::value).toList();
    }

    private static boolean descending(JsonObject item, String where) {
        JsonValue option = item.get("option");
        if (option == null || option.getValueType() == JsonValue.ValueType.NULL) {
            return false;
        }
        if (option instanceof JsonString s) {
            if ("Asc".equalsIgnoreCase(s.getString())) {
                return false;
            }
            if ("Desc".equalsIgnoreCase(s.getString())) {
                return true;
            }
        }
        throw AppException.invalid(where + ".option: must be Asc or Desc");
    }

    // ---- filter ----

    private static List<Filter> filters(JsonObject filter) {
        if (filter == null) {
            return List.of();
        }
        List<Filter> filters = new ArrayList<>();
        for (Map.Entry<String, JsonValue> entry : filter.entrySet()) {
            String key = entry.getKey();
            if (TAGS.equals(key)) {
                filters.addAll(tagFilters(entry.getValue()));
                continue;
            }
            Dimension dimension = Dimension.byKey(key).orElseThrow(() -> unknownKey("filter", key));
            String where = "filter." + key;
            List<Item> items = new ArrayList<>();
            for (JsonValue value : array(entry.getValue(), where, MAX_ITEMS_PER_KEY, "items (the limit per filter key)")) {
                items.add(item(object(value, where + "[]"), dimension.kind(), dimension.allowed(), where + "[]"));
            }
            if (!items.isEmpty()) {
                filters.add(new Filter(Group.of(dimension), items));
            }
        }
        return filters;
    }

    /** [{label, item: {value, condition}}]: the items of one label are OR-ed, labels AND-ed. */
    private static List<Filter> tagFilters(JsonValue tags) {
        Map<String, List<Item>> byLabel = new LinkedHashMap<>();
        for (JsonValue tag : array(tags, "filter.tags", MAX_TAG_LABELS * MAX_ITEMS_PER_KEY,
                "items (" + MAX_ITEMS_PER_KEY + " for each of " + MAX_TAG_LABELS + " labels)")) {
            JsonObject entry = object(tag, "filter.tags[]");
            String label = label(entry, "filter.tags[]");
            JsonValue item = entry.get("item");
            if (item == null) {
                throw AppException.invalid("filter.tags[].item: required ({value, condition})");
            }
            List<Item> items = byLabel.computeIfAbsent(label, l -> new ArrayList<>());
            if (items.size() == MAX_ITEMS_PER_KEY) {
                throw AppException.invalid("filter.tags: at most " + MAX_ITEMS_PER_KEY + " items for one label ('"
                        + ReportZones.shorten(label) + "')");
            }
            if (byLabel.size() > MAX_TAG_LABELS) {
                throw AppException.invalid("filter.tags: at most " + MAX_TAG_LABELS + " distinct tag labels");
            }
            items.add(item(object(item, "filter.tags[].item"), Dimension.Kind.TEXT, List.of(), "filter.tags[].item"));
        }
        return byLabel.entrySet().stream().map(e -> new Filter(Group.ofTag(e.getKey()), List.copyOf(e.getValue()))).toList();
    }

    private static Item item(JsonObject item, Dimension.Kind kind, List<String> allowed, String where) {
        Condition condition = Condition.Equals;
        JsonValue given = item.get("condition");
        if (given != null && given.getValueType() != JsonValue.ValueType.NULL) {
            if (!(given instanceof JsonString name)) {
                throw AppException.invalid(where + ".condition: must be a string");
            }
            condition = Condition.byName(name.getString()).orElseThrow(() -> AppException.invalid(where
                    + ".condition: unknown condition '" + ReportZones.shorten(name.getString()) + "' (Equals, NotEquals, "
                    + "Contains, StartsWith, GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual)"));
        }
        if (!item.containsKey("value")) {
            throw AppException.invalid(where + ".value: required (null matches rows without a value)");
        }
        Object value = value(item.get("value"), kind, where + ".value");
        if (!condition.appliesTo(kind) || (value == null && condition != Condition.Equals
                && condition != Condition.NotEquals)) {
            throw AppException.invalid(where + ".condition: " + condition + " does not apply to "
                    + (value == null ? "null" : kindName(kind)) + " values");
        }
        if (value != null && !allowed.isEmpty() && (condition == Condition.Equals || condition == Condition.NotEquals)
                && !allowed.contains(value)) {
            throw AppException.invalid(where + ": unknown value '" + ReportZones.shorten(value.toString())
                    + "' (one of " + String.join(", ", allowed) + ")");
        }
        return new Item(condition, value);
    }

    private static Object value(JsonValue value, Dimension.Kind kind, String where) {
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        return switch (kind) {
            case TEXT -> {
                if (!(value instanceof JsonString s)) {
                    throw AppException.invalid(where + ": must be a string");
                }
                yield s.getString();
            }
            case INT -> {
                if (!(value instanceof JsonNumber n) || !n.isIntegral()) {
                    throw AppException.invalid(where + ": must be a whole number");
                }
                try {
                    yield n.intValueExact();
                } catch (ArithmeticException e) {
                    throw AppException.invalid(where + ": must be a whole number in range");
                }
            }
            case BOOL -> switch (value.getValueType()) {
                case TRUE -> Boolean.TRUE;
                case FALSE -> Boolean.FALSE;
                default -> throw AppException.invalid(where + ": must be true or false");
            };
        };
    }

    private static String kindName(Dimension.Kind kind) {
        return switch (kind) {
            case TEXT -> "text";
            case INT -> "number";
            case BOOL -> "true/false";
        };
    }

    // ---- JSON reading ----

    private static JsonObject object(JsonValue value, String where) {
        if (!(value instanceof JsonObject object)) {
            throw AppException.invalid(where + ": must be an object");
        }
        return object;
    }

    private static List<JsonValue> array(JsonValue value, String where, int max, String what) {
        if (!(value instanceof JsonArray array)) {
            throw AppException.invalid(where + ": must be an array");
        }
        if (array.size() > max) {
            throw AppException.invalid(where + ": at most " + max + " " + what);
        }
        return array;
    }

    private static Integer index(JsonObject item, String where) {
        JsonValue index = item.get("index");
        if (index == null || index.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (!(index instanceof JsonNumber n) || !n.isIntegral()) {
            throw AppException.invalid(where + ".index: must be a whole number");
        }
        try {
            return n.intValueExact();
        } catch (ArithmeticException e) {
            throw AppException.invalid(where + ".index: must be a whole number in range");
        }
    }

    private static String label(JsonObject item, String where) {
        JsonValue label = item.get("label");
        if (!(label instanceof JsonString s) || s.getString().isBlank()) {
            throw AppException.invalid(where + ".label: required, a non-blank string");
        }
        return s.getString();
    }

    /** By index, keys without one after those with one, ties in the order written. */
    private static <T> Comparator<Indexed<T>> byIndex() {
        return Comparator.<Indexed<T>, Integer>comparing(Indexed::index, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparingInt(Indexed::position);
    }

    private static AppException unknownKey(String section, String key) {
        return AppException.invalid(section + ": unknown key '" + ReportZones.shorten(key) + "'");
    }
}
