package io.sites.app.mcp;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.sites.api.id.AccountId;
import io.sites.api.json.ErrorBody;
import io.sites.app.web.ApiErrors;
import io.sites.app.web.IdempotentRequests;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The idempotencyKey argument of the tools whose REST operation takes an Idempotency-Key: the same
 * {@link IdempotentRequests}, so a retried call gets the first call's structuredContent and isError with no second
 * effect. The request is the tool and its other arguments (as canonical JSON, keys sorted). A dry run is a tool of
 * its own (validate_bundle), without the argument, so it is never recorded.
 */
final class IdempotentCalls {
    static final String ARGUMENT = "idempotencyKey";
    /** The argument as the tool list describes it. */
    static final String DESCRIPTION = "Makes a retry safe: the same key and arguments within 24 hours get the first "
            + "answer.";
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    /** What a tool call answered, and the status its REST operation would have had (200 for any success). */
    record Outcome(CallToolResult result, int status) {
    }

    private final IdempotentRequests requests;
    private final JsonMapper json;
    private final JsonMapper canonical;
    private final ToolResults results;

    IdempotentCalls(IdempotentRequests requests, JsonMapper json) {
        this.requests = requests;
        this.json = json;
        this.canonical = json.rebuild().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
        this.results = new ToolResults(json);
    }

    /** Runs {@code run} under the call's idempotencyKey when it has one; summary words a replayed success. */
    CallToolResult call(String tool, AccountId caller, Map<String, Object> arguments,
            Function<Map<String, Object>, Outcome> run, Function<Map<String, Object>, String> summary) {
        Map<String, Object> rest = new LinkedHashMap<>(arguments);
        Object key = rest.remove(ARGUMENT);
        if (key == null) {
            return run.apply(rest).result();
        }
        String fingerprint = IdempotentRequests.fingerprint("MCP", "tools/call " + tool, sha256(rest));
        return switch (requests.claim(caller, key instanceof String text ? text : null, fingerprint)) {
            case IdempotentRequests.Refused refused -> results.failure(refused.failure());
            case IdempotentRequests.Replayed replayed -> replay(replayed.answer(), summary);
            case IdempotentRequests.Claimed claimed -> {
                Outcome outcome;
                try {
                    outcome = run.apply(rest);
                } catch (RuntimeException | Error failed) {
                    requests.release(claimed);
                    throw failed;
                }
                requests.finish(claimed, new IdempotentRequests.Answer(outcome.status(), "application/json", null,
                        json.writeValueAsBytes(outcome.result().structuredContent())));
                yield outcome.result();
            }
        };
    }

    private CallToolResult replay(IdempotentRequests.Answer answer, Function<Map<String, Object>, String> summary) {
        if (answer.status() < 400) {
            Map<String, Object> structured = json.readValue(answer.body(), MAP);
            return results.success(summary.apply(structured), structured);
        }
        return results.failure(new ApiErrors.Failure(HttpStatus.valueOf(answer.status()),
                json.readValue(answer.body(), ErrorBody.class), Map.of()));
    }

    /** The SHA-256 of the arguments as canonical JSON, written through the digest rather than held. */
    private byte[] sha256(Map<String, Object> arguments) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), digest)) {
                canonical.writeValue(out, arguments);
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException | java.io.IOException e) {
            throw new IllegalStateException("Could not hash the arguments", e);
        }
    }
}
