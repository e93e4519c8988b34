package com.paycore.console;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.faces.context.ExternalContext;

import com.paycore.platform.data.Page;

/**
 * A list page's state, all in its GET address (bookmarkable, no session): the search text {@code q} and the page
 * number {@code page} (from 1). A page reads one row more than it shows, to know whether a next page exists.
 */
final class Listing {

    static final int SIZE = 20;

    private final String query;
    private final int number;
    private final Map<String, String> kept = new LinkedHashMap<>();

    private Listing(String query, int number) {
        this.query = query;
        this.number = number;
    }

    static Listing of(ExternalContext external) {
        Map<String, String> parameters = external.getRequestParameterMap();
        String query = parameters.get("q") == null ? "" : parameters.get("q").strip();
        int number = 1;
        try {
            number = Math.max(1, Math.min(10_000, Integer.parseInt(parameters.getOrDefault("page", "1").strip())));
        } catch (NumberFormatException notANumber) {
            // a page number that is not one opens the first page
        }
        return new Listing(query.length() > 100 ? query.substring(0, 100) : query, number);
    }

    /** A parameter the neighbours' addresses keep (a filter). */
    Listing keep(String name, String value) {
        if (value != null) {
            kept.put(name, value);
        }
        return this;
    }

    String query() {
        return query;
    }

    int number() {
        return number;
    }

    Page page() {
        return Page.within(SIZE + 1, (number - 1L) * SIZE);
    }

    <T> List<T> shown(List<T> read) {
        return read.size() > SIZE ? read.subList(0, SIZE) : read;
    }

    boolean hasNext(List<?> read) {
        return read.size() > SIZE;
    }

    /** The links to the neighbouring pages of this list at {@code base}, given the rows read for this page. */
    Pager pager(String base, List<?> read) {
        return new Pager(number, number > 1, hasNext(read), href(base, number - 1), href(base, number + 1));
    }

    /** What a list page's pager shows (WEB-INF/console/pager.xhtml). */
    public record Pager(int number, boolean hasPrevious, boolean hasNext, String previousHref, String nextHref) {
    }

    /** The address of page {@code n} of this list at {@code base} (the context path included). */
    String href(String base, int n) {
        StringBuilder href = new StringBuilder(base).append("?page=").append(n);
        if (!query.isEmpty()) {
            href.append("&q=").append(URLEncoder.encode(query, StandardCharsets.UTF_8));
        }
        kept.forEach((name, value) -> href.append('&').append(name).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return href.toString();
    }
}
