package io.sites.api;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a version came to be: the first one of a website, or a later refinement (a free change). */
public enum VersionKind {
    INITIAL, REFINEMENT;

    /** Also the spelling stored in {@link VersionPublished} events: never change it. */
    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    public static VersionKind fromWire(String value) {
        return Spelling.parse(VersionKind.class, value);
    }
}
