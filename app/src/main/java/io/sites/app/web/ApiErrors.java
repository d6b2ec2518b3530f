package io.sites.app.web;

import io.sites.api.code.ErrorCode;
import io.sites.api.json.ErrorBody;
import io.sites.app.usecases.BadRequestException;
import io.sites.app.usecases.NotFoundException;
import io.sites.command.limits.RateLimitedException;
import io.sites.command.limits.RequestInvalidException;
import io.sites.command.limits.QuotaExceededException;
import io.sites.command.limits.WebsiteLimitReachedException;
import io.sites.command.remote.UploadRefusedException;
import io.sites.command.website.NotOwnerException;
import io.sites.command.website.SlugTakenException;
import io.sites.command.website.VersionConflictException;
import io.sites.command.website.VersionNotFoundException;
import io.sites.command.website.VersionNotReadyException;
import io.sites.command.website.WebsiteNotFoundException;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.firewall.RequestRejectedException;

/**
 * The one mapping from what an operation can throw to the spec's envelope and its HTTP status. The REST advice
 * ({@link ApiExceptionHandler}) and the MCP tools both answer with it, so every rule's error lives once.
 */
public final class ApiErrors {
    private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

    private ApiErrors() {
    }

    /** An error answer: HTTP status, envelope, and extra headers (Retry-After). */
    public record Failure(HttpStatus status, ErrorBody body, Map<String, String> headers) {
        /** The status is the catalogue's for the code, so no answer can disagree with it. */
        Failure(ErrorCode code, ErrorBody body, Map<String, String> headers) {
            this(HttpStatus.valueOf(code.status()), body, headers);
        }

        Failure(ErrorCode code, ErrorBody body) {
            this(code, body, Map.of());
        }

        Failure(ErrorCode code, String message) {
            this(code, ErrorBody.of(code, message));
        }
    }

    /** Every exception maps; anything that is not one of ours is a logged 500 with a reference, never a trace. */
    public static Failure of(Throwable e) {
        Failure known = known(e);
        if (e instanceof TransientDataAccessException contended) {
            log.warn("Database busy, answered 503: {}", contended.getMostSpecificCause().toString());
        }
        return known != null ? known : unexpected(e);
    }

    /** The code {@link #of} answers, without logging: an unexpected exception is logged where it is answered. */
    public static String code(Throwable e) {
        Failure known = known(e);
        return (known != null ? known.body() : ErrorBody.of(ErrorCode.INTERNAL, "")).error().code();
    }

    private static Failure known(Throwable e) {
        return switch (e) {
            case RequestInvalidException invalid -> invalid(invalid);
            case RateLimitedException limited -> new Failure(ErrorCode.RATE_LIMITED,
                    ErrorBody.of(ErrorCode.RATE_LIMITED, limited.getMessage()),
                    Map.of(HttpHeaders.RETRY_AFTER, Long.toString(limited.retryAfter().toSeconds())));
            case UploadRefusedException refused -> uploadRefused(refused);
            // 422, a status the spec already lists for createWebsite, with its own code so clients can tell it apart.
            case WebsiteLimitReachedException limit -> new Failure(ErrorCode.WEBSITE_LIMIT_REACHED,
                    limit.getMessage());
            // 507 Insufficient Storage: a retry without change fails alike (not 429, which says wait and retry).
            case QuotaExceededException quota -> new Failure(ErrorCode.QUOTA_EXCEEDED,
                    ErrorBody.of(ErrorCode.QUOTA_EXCEEDED, quota.getMessage(), Map.of("quota", quota.quota()),
                            null));
            case SlugTakenException taken -> new Failure(ErrorCode.SLUG_TAKEN, ErrorBody.of(ErrorCode.SLUG_TAKEN,
                    taken.getMessage() + " Choose another slug, omit it to have one derived from the name, or ask "
                            + "GET /v1/slugs/suggest (the MCP tool suggest_slug).",
                    Map.of("slug", taken.getMessage()), null));
            case NotOwnerException notOwner -> new Failure(ErrorCode.FORBIDDEN, notOwner.getMessage());
            case WebsiteNotFoundException notFound -> notFound(notFound);
            case VersionNotFoundException notFound -> notFound(notFound);
            case VersionNotReadyException notReady -> new Failure(ErrorCode.VERSION_NOT_READY, notReady.getMessage());
            case VersionConflictException conflict -> new Failure(ErrorCode.VERSION_CONFLICT, conflict.getMessage());
            case NotFoundException notFound -> notFound(notFound);
            case io.sites.command.domain.DomainRefusedException refused -> new Failure(refused.code(),
                    refused.getMessage());
            case io.sites.app.webhooks.WebhookRefusedException refused -> new Failure(refused.code(),
                    refused.getMessage());
            case io.sites.app.usecases.DraftRefusedException refused -> new Failure(refused.code(),
                    refused.getMessage());
            case BadRequestException bad -> new Failure(ErrorCode.BAD_REQUEST, ErrorBody.of(ErrorCode.BAD_REQUEST,
                    bad.getMessage(), Map.of(bad.parameter(), bad.getMessage()), null));
            case PayloadTooLargeException tooLarge -> new Failure(ErrorCode.PAYLOAD_TOO_LARGE,
                    tooLarge.getMessage());
            case io.sites.app.feed.TooManyStreamsException tooMany -> new Failure(ErrorCode.TOO_MANY_STREAMS,
                    tooMany.getMessage());
            case ServerBusyException busy -> new Failure(ErrorCode.SERVER_BUSY,
                    ErrorBody.of(ErrorCode.SERVER_BUSY, busy.getMessage()),
                    Map.of(HttpHeaders.RETRY_AFTER, Long.toString(busy.retryAfter().toSeconds())));
            // A row lock held past the database's wait (publishes touching the same blobs, on a loaded machine), or a
            // deadlock's loser: the transaction rolled back whole, and the same request a moment later goes through.
            case TransientDataAccessException contended -> busy();
            // Spring Security's firewall checks a form body's parameter names when something first reads them (the
            // bearer token resolver looks for access_token): a name it refuses is the client's mistake, not ours.
            case RequestRejectedException rejected -> new Failure(ErrorCode.BAD_REQUEST, "The request was refused: a "
                    + "parameter name or value holds characters that are not allowed. Send JSON with Content-Type: "
                    + "application/json.");
            default -> null;
        };
    }

    private static Failure busy() {
        return new Failure(ErrorCode.SERVER_BUSY, ErrorBody.of(ErrorCode.SERVER_BUSY,
                "The database is busy with other changes to the same data; nothing was changed. Retry after "
                        + "Retry-After."), Map.of(HttpHeaders.RETRY_AFTER, "1"));
    }

    /**
     * Input that is not JSON of the expected shape (a string where a list belongs, …): a REST body or MCP tool
     * arguments, told in the same words. {@code subject} names it: "The request body is", "The arguments are".
     */
    public static Failure malformed(String subject, Throwable cause) {
        return new Failure(ErrorCode.MALFORMED_JSON,
                subject + " not valid JSON of the expected shape: " + JsonMistakes.describe(cause));
    }

    private static Failure uploadRefused(UploadRefusedException e) {
        return switch (e.reason()) {
            case UNKNOWN -> new Failure(ErrorCode.NOT_FOUND, e.getMessage());
            case EXPIRED -> new Failure(ErrorCode.UPLOAD_EXPIRED, e.getMessage());
            case USED -> new Failure(ErrorCode.UPLOAD_USED, e.getMessage());
            case CONTENT_TYPE -> new Failure(ErrorCode.UPLOAD_CONTENT_TYPE, e.getMessage());
            case TOO_LARGE -> new Failure(ErrorCode.FILE_TOO_LARGE, e.getMessage());
            case SIZE_MISMATCH -> new Failure(ErrorCode.UPLOAD_SIZE_MISMATCH, e.getMessage());
        };
    }

    private static Failure invalid(RequestInvalidException e) {
        ErrorCode code = e.violations().isEmpty() ? ErrorCode.VALIDATION_FAILED : ErrorCode.PUBLISH_INVALID;
        // A bundle refused for its violations also shows its warnings (broken links), so one round fixes both.
        return new Failure(code, new ErrorBody(new ErrorBody.Error(code.name(), e.getMessage(), e.fields(),
                e.violations(), e.violations().isEmpty() ? null : e.warnings())));
    }

    private static Failure notFound(RuntimeException e) {
        return new Failure(ErrorCode.NOT_FOUND, e.getMessage());
    }

    private static Failure unexpected(Throwable e) {
        return new Failure(ErrorCode.INTERNAL, "Something went wrong on our side; nothing was published. Reference "
                + reference("Unexpected failure", e) + ".");
    }

    /**
     * A fault on our side, logged at ERROR (with its stack trace when there is one) under a new reference that the
     * answer names too, so an operator finds the line a client quotes. Client mistakes never come here.
     */
    public static String reference(String what, Throwable e) {
        String reference = UUID.randomUUID().toString();
        log.error("{}, reference {}", what, reference, e);
        return reference;
    }
}
