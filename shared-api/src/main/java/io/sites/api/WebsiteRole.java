package io.sites.api;

import com.fasterxml.jackson.annotation.JsonValue;

/** The caller's relationship to a website: its owner, or an editor the owner added. */
public enum WebsiteRole {
    OWNER, EDITOR;

    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    public static WebsiteRole fromWire(String value) {
        return Spelling.parse(WebsiteRole.class, value);
    }
}
