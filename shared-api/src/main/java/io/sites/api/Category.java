package io.sites.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/** A website's category, as the specification lists them, with its wire spelling. */
public enum Category {
    REAL_ESTATE, RESTAURANT, SERVICE, PORTFOLIO, EVENT, RESUME, OTHER;

    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    @JsonCreator
    public static Category fromWire(String value) {
        return parse(value).orElseThrow(() -> new IllegalArgumentException("unknown category: " + value));
    }

    public static Optional<Category> parse(String value) {
        return Arrays.stream(values()).filter(c -> c.wire().equals(value)).findFirst();
    }

    public static String allowed() {
        return String.join(", ", Arrays.stream(values()).map(Category::wire).toList());
    }
}
