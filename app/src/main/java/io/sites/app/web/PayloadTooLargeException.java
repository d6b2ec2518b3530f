package io.sites.app.web;

class PayloadTooLargeException extends RuntimeException {
    PayloadTooLargeException(String message) {
        super(message);
    }
}
