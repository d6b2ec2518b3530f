package io.sites.app.web;

import io.sites.api.json.ErrorBody;
import io.sites.command.publish.RateLimitedException;
import io.sites.command.publish.RequestInvalidException;
import io.sites.command.upload.UploadRefusedException;
import io.sites.command.publish.WebsiteLimitReachedException;
import io.sites.command.website.NotOwnerException;
import io.sites.command.website.SlugTakenException;
import io.sites.command.website.WebsiteNotFoundException;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/** Every exception an API call can end in, as the spec's envelope: never an HTML page, never a stack trace. */
@RestControllerAdvice
class ApiExceptionHandler {
    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler(RequestInvalidException.class)
    ResponseEntity<ErrorBody> invalid(RequestInvalidException e) {
        String code = e.violations().isEmpty() ? ErrorCodes.VALIDATION_FAILED : ErrorCodes.PUBLISH_INVALID;
        return body(HttpStatus.UNPROCESSABLE_CONTENT, ErrorBody.of(code, e.getMessage(), e.fields(), e.violations()));
    }

    @ExceptionHandler(RateLimitedException.class)
    ResponseEntity<ErrorBody> rateLimited(RateLimitedException e) {
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                .header(HttpHeaders.RETRY_AFTER, Long.toString(e.retryAfter().toSeconds()))
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(ErrorCodes.RATE_LIMITED, e.getMessage()));
    }

    @ExceptionHandler(UploadRefusedException.class)
    ResponseEntity<ErrorBody> uploadRefused(UploadRefusedException e) {
        return switch (e.reason()) {
            case UNKNOWN -> body(HttpStatus.NOT_FOUND, ErrorBody.of(ErrorCodes.NOT_FOUND, e.getMessage()));
            case EXPIRED -> body(HttpStatus.GONE, ErrorBody.of(ErrorCodes.UPLOAD_EXPIRED, e.getMessage()));
            case USED -> body(HttpStatus.CONFLICT, ErrorBody.of(ErrorCodes.UPLOAD_USED, e.getMessage()));
            case CONTENT_TYPE -> body(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                    ErrorBody.of(ErrorCodes.UPLOAD_CONTENT_TYPE, e.getMessage()));
            case TOO_LARGE -> body(HttpStatus.CONTENT_TOO_LARGE, ErrorBody.of(ErrorCodes.FILE_TOO_LARGE,
                    e.getMessage()));
            case SIZE_MISMATCH -> body(HttpStatus.BAD_REQUEST, ErrorBody.of(ErrorCodes.UPLOAD_SIZE_MISMATCH,
                    e.getMessage()));
        };
    }

    /** 422, a status the spec already lists for createWebsite, with its own code so clients can tell it apart. */
    @ExceptionHandler(WebsiteLimitReachedException.class)
    ResponseEntity<ErrorBody> websiteLimit(WebsiteLimitReachedException e) {
        return body(HttpStatus.UNPROCESSABLE_CONTENT, ErrorBody.of(ErrorCodes.WEBSITE_LIMIT_REACHED, e.getMessage()));
    }

    @ExceptionHandler(SlugTakenException.class)
    ResponseEntity<ErrorBody> slugTaken(SlugTakenException e) {
        return body(HttpStatus.CONFLICT, ErrorBody.of(ErrorCodes.SLUG_TAKEN, e.getMessage()
                + " Choose another slug, omit it to have one derived from the name, or ask GET /v1/slugs/suggest.",
                Map.of("slug", e.getMessage()), null));
    }

    @ExceptionHandler(NotOwnerException.class)
    ResponseEntity<ErrorBody> notOwner(NotOwnerException e) {
        return body(HttpStatus.FORBIDDEN, ErrorBody.of(ErrorCodes.FORBIDDEN, e.getMessage()));
    }

    @ExceptionHandler({WebsiteNotFoundException.class, NotFoundException.class})
    ResponseEntity<ErrorBody> notFound(RuntimeException e) {
        return body(HttpStatus.NOT_FOUND, ErrorBody.of(ErrorCodes.NOT_FOUND, e.getMessage()));
    }

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<ErrorBody> noRoute(Exception e) {
        return body(HttpStatus.NOT_FOUND, ErrorBody.of(ErrorCodes.NOT_FOUND,
                "No such operation. The interface is described at /v1 (index) and its OpenAPI document."));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e) {
        // The size cap throws from inside the body stream, so the JSON reader reports it as unreadable.
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof PayloadTooLargeException tooLarge) {
                return tooLarge(tooLarge);
            }
        }
        return body(HttpStatus.BAD_REQUEST, ErrorBody.of(ErrorCodes.MALFORMED_JSON,
                "The request body is not valid JSON of the expected shape: " + firstLine(e.getMostSpecificCause())));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ErrorBody> method(HttpRequestMethodNotSupportedException e) {
        HttpHeaders headers = new HttpHeaders();
        if (e.getSupportedHttpMethods() != null) {
            headers.setAllow(e.getSupportedHttpMethods());
        }
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).headers(headers)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(ErrorCodes.METHOD_NOT_ALLOWED,
                        "Method " + e.getMethod() + " is not allowed here."));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ErrorBody> mediaType(HttpMediaTypeNotSupportedException e) {
        return body(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ErrorBody.of(ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
                "Send the body as application/json."));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ErrorBody> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return body(HttpStatus.NOT_ACCEPTABLE, ErrorBody.of(ErrorCodes.NOT_ACCEPTABLE,
                "Responses are application/json; accept it."));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ErrorBody> missingParameter(MissingServletRequestParameterException e) {
        return body(HttpStatus.UNPROCESSABLE_CONTENT, ErrorBody.of(ErrorCodes.VALIDATION_FAILED,
                "The query parameter '" + e.getParameterName() + "' is required.",
                Map.of(e.getParameterName(), "Required."), null));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ErrorBody> typeMismatch(MethodArgumentTypeMismatchException e) {
        return body(HttpStatus.BAD_REQUEST, ErrorBody.of(ErrorCodes.BAD_REQUEST,
                "The parameter '" + e.getName() + "' has the wrong type."));
    }

    @ExceptionHandler(PayloadTooLargeException.class)
    ResponseEntity<ErrorBody> tooLarge(PayloadTooLargeException e) {
        return body(HttpStatus.CONTENT_TOO_LARGE, ErrorBody.of(ErrorCodes.PAYLOAD_TOO_LARGE, e.getMessage()));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ErrorBody> unexpected(Exception e) {
        String reference = UUID.randomUUID().toString();
        log.error("Unexpected failure, reference {}", reference, e);
        return body(HttpStatus.INTERNAL_SERVER_ERROR, ErrorBody.of(ErrorCodes.INTERNAL,
                "Something went wrong on our side; nothing was published. Reference " + reference + "."));
    }

    private static ResponseEntity<ErrorBody> body(HttpStatus status, ErrorBody body) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
    }

    private static String firstLine(Throwable cause) {
        String message = cause == null || cause.getMessage() == null ? "unreadable body" : cause.getMessage();
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
