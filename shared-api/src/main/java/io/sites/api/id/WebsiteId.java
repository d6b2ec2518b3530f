package io.sites.api.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A website; its events form one aggregate stream. */
public record WebsiteId(@JsonValue String value) {
    public static final String PREFIX = "web_";

    @JsonCreator
    public WebsiteId {
        Ids.require(value, PREFIX);
    }

    public static WebsiteId generate() {
        return new WebsiteId(Ids.random(PREFIX));
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
