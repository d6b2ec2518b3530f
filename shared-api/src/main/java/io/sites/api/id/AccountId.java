package io.sites.api.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.io.Serializable;

/** An account: owner or collaborator of websites. Serializable: a signed-in person's session holds it. */
public record AccountId(@JsonValue String value) implements Serializable {
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
