package io.sites.command.domain;

import io.sites.api.code.ErrorCode;

/** A custom domain request refused with its catalogue code (DOMAIN_INVALID, DOMAIN_TAKEN, ...) and its words. */
public class DomainRefusedException extends RuntimeException {
    private final ErrorCode code;

    public DomainRefusedException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}
