package com.paycore.transaction;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.StrictJson;

/** Transaction tags (label -> value, for the reports), kept as a JSON object sorted by label. */
final class Tags {

    static final int MAX_TAGS = 20;
    static final int MAX_LABEL = 50;
    static final int MAX_VALUE = 200;

    private Tags() {
    }

    /** The tags as stored; null when there are none. 400 for too many, blank or too long labels, null or long values. */
    static String write(Map<String, String> tags) {
        if (tags == null || tags.isEmpty()) {
            return null;
        }
        if (tags.size() > MAX_TAGS) {
            throw AppException.invalid("tags: at most " + MAX_TAGS + " labels");
        }
        JsonObjectBuilder json = StrictJson.json().createObjectBuilder();
        for (Map.Entry<String, String> tag : new TreeMap<>(tags).entrySet()) {
            String label = tag.getKey();
            if (label.isBlank() || label.length() > MAX_LABEL) {
                throw AppException.invalid("tags: a label must be 1 to " + MAX_LABEL + " characters");
            }
            if (tag.getValue() == null || tag.getValue().length() > MAX_VALUE) {
                throw AppException.invalid("tags: the value of '" + label + "' must be a string of at most "
                        + MAX_VALUE + " characters");
            }
            json.add(label, tag.getValue());
        }
        return json.build().toString();
    }

    static Map<String, String> read(String stored) {
        Map<String, String> tags = new LinkedHashMap<>();
        if (stored == null) {
            return tags;
        }
        try (var reader = StrictJson.json().createReader(new StringReader(stored))) {
            JsonObject object = reader.readObject();
            object.forEach((label, value) -> tags.put(label, ((JsonString) value).getString()));
        }
        return tags;
    }
}
