package io.sites.app.webhooks;

import io.sites.api.code.ErrorCode;

/** A webhook registration refused with its catalogue code (WEBHOOK_INVALID, WEBHOOK_LIMIT) and its words. */
public class WebhookRefusedException extends RuntimeException {
    private final ErrorCode code;

    public WebhookRefusedException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}
