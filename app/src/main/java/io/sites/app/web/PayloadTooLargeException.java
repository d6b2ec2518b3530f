package io.sites.app.web;

/** A request body past its cap: answered 413 PAYLOAD_TOO_LARGE with the message given. */
public class PayloadTooLargeException extends RuntimeException {
    PayloadTooLargeException(String message) {
        super(message);
    }
}
