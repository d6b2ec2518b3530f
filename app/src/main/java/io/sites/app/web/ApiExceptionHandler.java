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
import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.http.HttpHeaders;
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
    /** Whatever an operation throws: the shared mapping, so MCP tools answer exactly the same envelope. */
    @ExceptionHandler({RequestInvalidException.class, RateLimitedException.class, UploadRefusedException.class,
            WebsiteLimitReachedException.class, QuotaExceededException.class, SlugTakenException.class, NotOwnerException.class,
            WebsiteNotFoundException.class, VersionNotFoundException.class, VersionNotReadyException.class,
            VersionConflictException.class, NotFoundException.class, BadRequestException.class,
            PayloadTooLargeException.class,
            Exception.class})
    ResponseEntity<ErrorBody> operationFailed(Exception e) {
        ApiErrors.Failure failure = ApiErrors.of(e);
        HttpHeaders headers = new HttpHeaders();
        failure.headers().forEach(headers::set);
        return ResponseEntity.status(failure.status()).headers(headers).contentType(MediaType.APPLICATION_JSON)
                .body(failure.body());
    }

    /** A streamed response (the live feed) whose client went away: nobody to answer, and the client's doing. */
    @ExceptionHandler(org.springframework.web.context.request.async.AsyncRequestNotUsableException.class)
    void clientGone() {
        // Nothing: the connection is closed.
    }

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<ErrorBody> noRoute(Exception e) {
        return body(ErrorBody.of(ErrorCode.NOT_FOUND,
                "No such operation. The interface is described at /v1 (index) and its OpenAPI document."));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e) {
        // The size cap throws from inside the body stream, so the JSON reader reports it as unreadable.
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof PayloadTooLargeException tooLarge) {
                return operationFailed(tooLarge);
            }
        }
        ApiErrors.Failure malformed = ApiErrors.malformed("The request body is", e.getMostSpecificCause());
        return body(malformed.body());
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ErrorBody> method(HttpRequestMethodNotSupportedException e) {
        HttpHeaders headers = new HttpHeaders();
        if (e.getSupportedHttpMethods() != null) {
            headers.setAllow(e.getSupportedHttpMethods());
        }
        return ResponseEntity.status(ErrorCode.METHOD_NOT_ALLOWED.status()).headers(headers)
                .contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.of(ErrorCode.METHOD_NOT_ALLOWED,
                        "Method " + e.getMethod() + " is not allowed here."));
    }

    /** What a body of another media type is told, here and by {@link BodyAdmissionFilter}. */
    static final String SEND_JSON = "Send the body as application/json.";

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ErrorBody> mediaType(HttpMediaTypeNotSupportedException e) {
        return body(ErrorBody.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, SEND_JSON));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ErrorBody> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return body(ErrorBody.of(ErrorCode.NOT_ACCEPTABLE,
                "Responses are application/json; accept it."));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ErrorBody> missingParameter(MissingServletRequestParameterException e) {
        return body(ErrorBody.of(ErrorCode.VALIDATION_FAILED,
                "The query parameter '" + e.getParameterName() + "' is required.",
                Map.of(e.getParameterName(), "Required."), null));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ErrorBody> typeMismatch(MethodArgumentTypeMismatchException e) {
        return body(ErrorBody.of(ErrorCode.BAD_REQUEST,
                "The parameter '" + e.getName() + "' has the wrong type."));
    }

    /** A form body with bad percent-encoding (the query string is refused earlier, by QueryEncodingFilter). */
    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<ErrorBody> undecodableParameter(InvalidParameterException e) {
        return body(ErrorBody.of(ErrorCode.BAD_REQUEST, QueryEncodingFilter.MESSAGE));
    }

    /** The status is the catalogue's for the body's code. */
    private static ResponseEntity<ErrorBody> body(ErrorBody body) {
        return ResponseEntity.status(ErrorCode.valueOf(body.error().code()).status())
                .contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
