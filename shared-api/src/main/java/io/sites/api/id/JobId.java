package io.sites.api.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A publish job; the version it creates carries the same id. */
public record JobId(@JsonValue String value) {
    public static final String PREFIX = "job_";

    @JsonCreator
    public JobId {
        Ids.require(value, PREFIX);
    }

    public static JobId generate() {
        return new JobId(Ids.random(PREFIX));
    }

    /** True when the text has this id's shape; lets adapters answer 404 without a lookup. */
    public static boolean isWellFormed(String text) {
        return Ids.looksLike(text, PREFIX);
    }

    @Override
    public String toString() {
        return value;
    }
}
