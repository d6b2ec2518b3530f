package io.sites.app.web;

/** The stable codes beside the spec's three (AUTH_REQUIRED, NOT_FOUND, PUBLISH_INVALID). */
final class ErrorCodes {
    static final String AUTH_REQUIRED = "AUTH_REQUIRED";
    static final String NOT_FOUND = "NOT_FOUND";
    static final String FORBIDDEN = "FORBIDDEN";
    static final String PUBLISH_INVALID = "PUBLISH_INVALID";
    static final String VALIDATION_FAILED = "VALIDATION_FAILED";
    static final String SLUG_TAKEN = "SLUG_TAKEN";
    static final String MALFORMED_JSON = "MALFORMED_JSON";
    static final String METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED";
    static final String UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE";
    static final String NOT_ACCEPTABLE = "NOT_ACCEPTABLE";
    static final String PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE";
    static final String BAD_REQUEST = "BAD_REQUEST";
    static final String RATE_LIMITED = "RATE_LIMITED";
    static final String WEBSITE_LIMIT_REACHED = "WEBSITE_LIMIT_REACHED";
    static final String INTERNAL = "INTERNAL";
    static final String FILE_TOO_LARGE = "FILE_TOO_LARGE";
    static final String UPLOAD_EXPIRED = "UPLOAD_EXPIRED";
    static final String UPLOAD_USED = "UPLOAD_USED";
    static final String UPLOAD_CONTENT_TYPE = "UPLOAD_CONTENT_TYPE";
    static final String UPLOAD_SIZE_MISMATCH = "UPLOAD_SIZE_MISMATCH";
    static final String NOT_IMPLEMENTED = "NOT_IMPLEMENTED";
    static final String HTTP_VERSION_NOT_SUPPORTED = "HTTP_VERSION_NOT_SUPPORTED";
    /** 503: no memory for the request body in time (BodyAdmission); retry after Retry-After seconds. */
    static final String SERVER_BUSY = "SERVER_BUSY";

    private ErrorCodes() {
    }

    /** For statuses that reach the container's error page without an exception we mapped. */
    static String forStatus(int status) {
        return switch (status) {
            case 400 -> BAD_REQUEST;
            case 401 -> AUTH_REQUIRED;
            case 403 -> FORBIDDEN;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 406 -> NOT_ACCEPTABLE;
            case 413 -> PAYLOAD_TOO_LARGE;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 429 -> RATE_LIMITED;
            // The container's refusals of the protocol itself (CONNECT, HTTP/9.9): the client's doing, not a fault.
            case 501 -> NOT_IMPLEMENTED;
            case 505 -> HTTP_VERSION_NOT_SUPPORTED;
            default -> status >= 500 ? INTERNAL : BAD_REQUEST;
        };
    }
}
