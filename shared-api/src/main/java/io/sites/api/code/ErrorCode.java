package io.sites.api.code;

/**
 * Every error code of the API's envelope with its HTTP status and what it means: the one catalogue that the REST
 * advice, the MCP tools and docs/DECISIONS.md's error table agree with (CodeCatalogueDocumentsTest holds them).
 * The wire string is the constant's name.
 */
public enum ErrorCode {
    MALFORMED_JSON(400, "The body is not JSON, or not of the expected shape."),
    BAD_REQUEST(400, "Any other malformed request: a bad parameter, a query that is not UTF-8, a container 400."),
    UPLOAD_SIZE_MISMATCH(400, "An upload PUT sent fewer bytes than the slot's declared size."),
    AUTH_REQUIRED(401, "Missing, unknown, expired or revoked token."),
    FORBIDDEN(403, "An editor asked for what only the owner may do."),
    NOT_FOUND(404, "No such website, job, upload slot or route for this caller."),
    METHOD_NOT_ALLOWED(405, "The path does not take this method."),
    NOT_ACCEPTABLE(406, "The client refuses application/json."),
    SLUG_TAKEN(409, "The requested slug is held by another website."),
    UPLOAD_USED(409, "An upload PUT to a slot that a publish already used."),
    VERSION_NOT_READY(409, "A promote named a version whose job is not ready (none is today: all are stored ready)."),
    VERSION_CONFLICT(409, "ifCurrentVersion named a version that is no longer (or not yet) the live one."),
    IDEMPOTENCY_IN_PROGRESS(409, "A request with the same Idempotency-Key is still running; retry after Retry-After."),
    UPLOAD_EXPIRED(410, "An upload PUT to a slot after it expired."),
    PAYLOAD_TOO_LARGE(413, "The request body is over the request limit or the body budget."),
    FILE_TOO_LARGE(413, "An upload declared or sent more than the per-file limit."),
    UNSUPPORTED_MEDIA_TYPE(415, "The body is not application/json."),
    UPLOAD_CONTENT_TYPE(415, "An upload PUT's Content-Type is not the slot's."),
    PUBLISH_INVALID(422, "Bundle violations, all of them (and fields when request fields are wrong too)."),
    VALIDATION_FAILED(422, "Request fields only are wrong; fields names each."),
    WEBSITE_LIMIT_REACHED(422, "The account already owns as many websites as it may."),
    IDEMPOTENCY_KEY_REUSED(422, "The Idempotency-Key was used within 24 hours for a different request."),
    RATE_LIMITED(429, "Too many publishes, dry runs, sourceUrl fetches, drafts or domain checks; retry after "
            + "Retry-After."),
    TOO_MANY_STREAMS(429, "The account already holds as many live event streams (GET /v1/events) as it may."),
    INTERNAL(500, "A failure of ours; the message carries the reference of the log line."),
    NOT_IMPLEMENTED(501, "The container refuses a method no origin server implements (CONNECT)."),
    SERVER_BUSY(503, "No memory for the request body in time, or the database busy with other changes to the same "
            + "data; nothing was changed: retry after Retry-After."),
    HTTP_VERSION_NOT_SUPPORTED(505, "The container refuses an HTTP version it does not speak."),
    DOMAIN_INVALID(422, "Not a public hostname a site may be served at (an address, a single label, our own hosts)."),
    DOMAIN_TAKEN(409, "The hostname is verified by another website."),
    DOMAIN_LIMIT(422, "The website or the account already has as many custom domains as it may."),
    DOMAIN_UNVERIFIED(422, "The domain's TXT record does not carry its token (yet); the message says what was seen."),
    DRAFTS_DISABLED(403, "A draft without a token, where the operator has not enabled anonymous drafts."),
    DRAFT_RESTRICTED(422, "A draft asked for what only a claimed website may have: site rules, a password, domains."),
    DRAFT_TOO_LARGE(413, "A draft's files add up to more than the draft limit."),
    CLAIM_INVALID(403, "A claim link that is forged, altered, expired, used, or for another website."),
    WEBHOOK_INVALID(422, "A webhook's url is not https to a public address, or its events name an unknown type."),
    WEBHOOK_LIMIT(422, "The website or the account already has as many webhooks as it may."),
    QUOTA_EXCEEDED(507, "A publish would take the account over its storage quota; the message names the quota.");

    private final int status;
    private final String meaning;

    ErrorCode(int status, String meaning) {
        this.status = status;
        this.meaning = meaning;
    }

    /** The HTTP status every answer with this code has. */
    public int status() {
        return status;
    }

    public String meaning() {
        return meaning;
    }

    /** For statuses that reach the container's error page without an exception we mapped. */
    public static ErrorCode forStatus(int status) {
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
