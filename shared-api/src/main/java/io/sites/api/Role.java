package io.sites.api;

import com.fasterxml.jackson.annotation.JsonValue;

/** The caller's relationship to a website: its owner, or an editor the owner added. */
public enum Role {
    OWNER, EDITOR;

    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    public static Role fromWire(String value) {
        return Spelling.parse(Role.class, value);
    }
}
