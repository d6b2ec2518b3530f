package io.sites.app.usecases;

/** A parameter that is missing or not of its type, found by an operation or an adapter: 400 BAD_REQUEST naming it. */
public class BadRequestException extends RuntimeException {
    private final String parameter;

    public BadRequestException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
