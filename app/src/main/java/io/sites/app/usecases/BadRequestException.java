package io.sites.app.web;

/** A query parameter that is missing or not of its type, found by an operation: 400 BAD_REQUEST naming it. */
class BadRequestException extends RuntimeException {
    private final String parameter;

    BadRequestException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    String parameter() {
        return parameter;
    }
}
