package io.sites.api;

import com.fasterxml.jackson.annotation.JsonValue;

/** A website's status: a draft until a version is live, then active; deleted websites are seen by nobody. */
public enum WebsiteStatus {
    DRAFT, ACTIVE, DELETED;

    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    public static WebsiteStatus fromWire(String value) {
        return Spelling.parse(WebsiteStatus.class, value);
    }
}
