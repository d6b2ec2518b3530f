package io.sites.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Through which door a person acted: a personal access token, an OAuth access token, the web application (a
 * signed-in session), or an operator's command line. Spelled in lower case on the wire and in stored events.
 * {@code EXPIRY} is no person's door: the service acted for the owner because the website's expiresAt came; nor is
 * {@code QUOTA}: the service recorded, for the owner, that the account reached a share of its bandwidth quota.
 */
public enum Door {
    TOKEN, OAUTH, WEB, OPERATOR, EXPIRY, QUOTA;

    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    @JsonCreator
    public static Door fromWire(String value) {
        return Spelling.parse(Door.class, value);
    }
}
