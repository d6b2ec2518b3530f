package io.sites.app.web;

/** A request body past its cap: answered 413 PAYLOAD_TOO_LARGE with the message given. */
class PayloadTooLargeException extends RuntimeException {
    PayloadTooLargeException(String message) {
        super(message);
    }
}
