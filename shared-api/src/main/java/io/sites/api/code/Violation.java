package io.sites.api.code;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One broken authoring rule. Written for the client, often a language model: the message says what is wrong,
 * the detail says what to change.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Violation(String code, String message, String path, String detail) {

    public static Violation of(String code, String path, String message, String detail) {
        return new Violation(code, message, path, detail);
    }

    public static Violation of(ViolationCode code, String path, String message, String detail) {
        return of(code.name(), path, message, detail);
    }
}
