package io.sites.app.mcp;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.sites.api.code.Violation;
import io.sites.api.json.ErrorBody;
import io.sites.app.web.ApiErrors;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tool results: structuredContent is exactly the REST body (success) or the REST error envelope (isError), and the
 * text content says the same for people and for clients that only read text: a one-line summary, then the JSON.
 * For a failure the text lists every violation and field, so a model can repair its bundle from the text alone.
 */
final class ToolResults {
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private final JsonMapper json;

    ToolResults(JsonMapper json) {
        this.json = json;
    }

    /** The body as JSON would be sent by REST, and the summary the tool makes of it. */
    Map<String, Object> structured(Object body) {
        return json.convertValue(body, MAP);
    }

    CallToolResult success(String summary, Map<String, Object> structured) {
        return CallToolResult.builder()
                .addTextContent(summary + "\n" + json.writeValueAsString(structured))
                .structuredContent(structured)
                .isError(false)
                .build();
    }

    CallToolResult failure(ApiErrors.Failure failure) {
        ErrorBody.Error error = failure.body().error();
        StringBuilder text = new StringBuilder().append(error.code()).append(" (HTTP ")
                .append(failure.status().value()).append("): ").append(error.message());
        if (error.fields() != null) {
            error.fields().forEach((field, problem) -> text.append("\n- field ").append(field).append(": ")
                    .append(problem));
        }
        if (error.violations() != null) {
            for (Violation violation : error.violations()) {
                text.append("\n- ").append(violation.code());
                if (violation.path() != null) {
                    text.append(" in ").append(violation.path());
                }
                text.append(": ").append(violation.message());
                if (violation.detail() != null) {
                    text.append(" ").append(violation.detail());
                }
            }
        }
        String retryAfter = failure.headers().get("Retry-After");
        if (retryAfter != null) {
            text.append("\nRetry after ").append(retryAfter).append(" seconds.");
        }
        return CallToolResult.builder()
                .addTextContent(text.toString())
                .structuredContent(structured(failure.body()))
                .isError(true)
                .build();
    }
}
