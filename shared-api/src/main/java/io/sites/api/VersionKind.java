package io.sites.api;

import com.fasterxml.jackson.annotation.JsonValue;

public enum VersionKind {
    INITIAL, REFINEMENT;

    @JsonValue
    public String wire() {
        return name().toLowerCase();
    }
}
