package io.sites.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a custom domain stands: {@code pending} until its TXT record proves control, {@code verified} once it has
 * (served over plain HTTP until certificates exist), {@code active} served with its own certificate (issue 34, items
 * 4-5), {@code failed} when its record stayed away longer than the grace period and it is no longer served.
 */
public enum DomainStatus {
    PENDING, VERIFIED, ACTIVE, FAILED;

    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    @JsonCreator
    public static DomainStatus fromWire(String value) {
        return Spelling.parse(DomainStatus.class, value);
    }
}
