package io.sites.app.web;

import java.util.Map;

/** A query parameter the operation cannot use (not a number, out of range): 400 BAD_REQUEST naming it. */
class BadParameterException extends RuntimeException {
    private final String parameter;

    BadParameterException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    Map<String, String> fields() {
        return Map.of(parameter, getMessage());
    }
}
