package io.sites.app.usecases;

import io.sites.api.code.ErrorCode;

/** A draft or a claim refused by a rule of drafts; the adapters answer with {@link #code()} and the message. */
public class DraftRefusedException extends RuntimeException {
    private final transient ErrorCode code;

    public DraftRefusedException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}
