package io.sites.api.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sites.api.code.ErrorCode;
import io.sites.api.code.Violation;
import io.sites.api.code.Warning;
import java.util.List;
import java.util.Map;

/**
 * The envelope of every non-2xx response: {"error":{"code","message","fields"?,"violations"?,"warnings"?}};
 * {@code warnings} (an extension) only on PUBLISH_INVALID, for a bundle with broken links.
 */
public record ErrorBody(Error error) {

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Error(String code, String message, Map<String, String> fields, List<Violation> violations,
            List<Warning> warnings) {

        public Error(String code, String message, Map<String, String> fields, List<Violation> violations) {
            this(code, message, fields, violations, null);
        }
    }

    public static ErrorBody of(String code, String message) {
        return new ErrorBody(new Error(code, message, null, null));
    }

    public static ErrorBody of(String code, String message, Map<String, String> fields, List<Violation> violations) {
        return new ErrorBody(new Error(code, message, fields, violations));
    }

    public static ErrorBody of(ErrorCode code, String message) {
        return of(code.name(), message);
    }

    public static ErrorBody of(ErrorCode code, String message, Map<String, String> fields,
            List<Violation> violations) {
        return of(code.name(), message, fields, violations);
    }
}
