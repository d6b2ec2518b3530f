package io.sites.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** An account: owner or collaborator of websites. */
public record AccountId(@JsonValue String value) {
    public static final String PREFIX = "acc_";

    @JsonCreator
    public AccountId {
        Ids.require(value, PREFIX);
    }

    public static AccountId generate() {
        return new AccountId(Ids.random(PREFIX));
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
