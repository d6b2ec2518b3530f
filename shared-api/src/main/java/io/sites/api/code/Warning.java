package io.sites.api.code;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Something in an accepted bundle that is probably a mistake, shaped like a {@link Violation} so a client reads both
 * the same way: the message says what is wrong, the detail where (a line) and what.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Warning(String code, String message, String path, String detail) {

    public static Warning of(WarningCode code, String path, String message, String detail) {
        return new Warning(code.name(), message, path, detail);
    }
}
