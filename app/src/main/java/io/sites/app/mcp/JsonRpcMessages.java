package io.sites.app.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ErrorCodes;
import io.sites.app.web.ApiErrors;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON-RPC 2.0 envelope of a POST to /mcp, checked before the SDK sees the body: the SDK answers a body it
 * cannot read with a serialized Java exception (and a 500 for some), so whatever it would choke on is refused here
 * with the JSON-RPC error that says what is wrong. Only the shape is read: tool arguments are skipped (the tools
 * bind them as a REST body is bound) and long strings are cut, so the check holds little beyond the body itself.
 */
final class JsonRpcMessages {
    /** Values kept to check params (tool arguments are not counted): far beyond any real initialize or call. */
    private static final int MAX_VALUES = 10_000;
    private static final int KEPT_STRING = 256;
    private static final JsonMapper PARSER = JsonMapper.builder().build();
    /** The notifications the SDK's stateless server handles; any other is accepted and ignored here. */
    private static final Set<String> SDK_NOTIFICATIONS = Set.of(McpSchema.METHOD_NOTIFICATION_INITIALIZED,
            McpSchema.METHOD_NOTIFICATION_ROOTS_LIST_CHANGED);
    private static final Map<String, ParamsShape> PARAMS = Map.of(
            McpSchema.METHOD_INITIALIZE, new ParamsShape(true, McpSchema.InitializeRequest.class,
                    "initialize takes params {protocolVersion: string, capabilities: object, clientInfo: {name, "
                            + "version}}."),
            McpSchema.METHOD_TOOLS_CALL, new ParamsShape(true, McpSchema.CallToolRequest.class,
                    "tools/call takes params {name: string, arguments: object}; tools/list names the tools."),
            McpSchema.METHOD_TOOLS_LIST, new ParamsShape(false, McpSchema.PaginatedRequest.class,
                    "tools/list takes no params, or {cursor: string}."),
            McpSchema.METHOD_PING, new ParamsShape(false, null, "ping takes no params."));

    private final McpJsonMapper sdkJson;
    /** The tools' names in tools/list order: a call to another is answered with them. */
    private final List<String> tools;

    JsonRpcMessages(McpJsonMapper sdkJson, List<String> tools) {
        this.sdkJson = sdkJson;
        this.tools = List.copyOf(tools);
    }

    /** What to do with a body: hand it to the SDK, accept a notification the SDK has no use for, or refuse it. */
    sealed interface Verdict {
    }

    record ForSdk() implements Verdict {
    }

    record IgnoredNotification(String method) implements Verdict {
    }

    /** A JSON-RPC error; {@code id} is the request's when it could be read, else null. */
    record Refused(int httpStatus, Object id, int code, String message) implements Verdict {
    }

    private record ParamsShape(boolean required, Class<?> type, String expected) {
    }

    Verdict check(byte[] body) {
        if (!utf8(body)) {
            return parseError("The body is not UTF-8 text (or it starts with a byte order mark).");
        }
        Object message;
        try (JsonParser parser = PARSER.createParser(body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return parseError("The body is empty; send one JSON-RPC message.");
            }
            message = new Reader(parser).value(first, 0, false, false);
            if (parser.nextToken() != null) {
                return parseError("The body holds more than one JSON value; send one JSON-RPC message.");
            }
        } catch (JacksonException e) {
            // Told as a REST body's syntax error is: the parser's words, without its Java names.
            return parseError(ApiErrors.malformed("The body is", e).body().error().message());
        } catch (TooManyValues e) {
            return new Refused(400, null, ErrorCodes.INVALID_REQUEST,
                    "The params hold more than " + MAX_VALUES + " values outside tool arguments.");
        }
        return envelope(message);
    }

    private Verdict envelope(Object message) {
        if (message instanceof List<?>) {
            return invalid(null, "Batches are not supported; send one JSON-RPC message per request.");
        }
        if (!(message instanceof Map<?, ?> fields)) {
            return invalid(null, "A JSON-RPC message is an object: {\"jsonrpc\": \"2.0\", \"id\": …, \"method\": …, "
                    + "\"params\": {…}}.");
        }
        Object id = fields.get("id");
        // What the SDK accepts: a string or an integer within 64 bits.
        boolean validId = id instanceof String || id instanceof Integer || id instanceof Long;
        Object echo = validId ? id : null;
        if (!McpSchema.JSONRPC_VERSION.equals(fields.get("jsonrpc"))) {
            return invalid(echo, "\"jsonrpc\" must be \"2.0\".");
        }
        if (fields.containsKey("id") && !validId) {
            return invalid(null, "\"id\" must be a string or a 64-bit integer (a notification has no id).");
        }
        Object method = fields.get("method");
        if (method == null && (fields.containsKey("result") || fields.containsKey("error"))) {
            return invalid(echo, "This server sends no requests, so it takes no responses.");
        }
        if (!(method instanceof String name) || name.isEmpty()) {
            return invalid(echo, "\"method\" must be a non-empty string.");
        }
        Object params = fields.get("params");
        if (params != null && !(params instanceof Map<?, ?>) && !(params instanceof List<?>)) {
            return id == null ? new IgnoredNotification(name)
                    : invalidParams(id, "\"params\" must be an object (or absent).");
        }
        if (!fields.containsKey("id")) {
            return SDK_NOTIFICATIONS.contains(name) && !(params instanceof List<?>) ? new ForSdk()
                    : new IgnoredNotification(name);
        }
        return params(id, name, params);
    }

    /**
     * The params of the methods the SDK reads them for: the members the MCP schema requires are present (the SDK
     * would fill in defaults and log a warning for each), and the whole converts as the SDK converts it, so the SDK
     * cannot fail on it.
     */
    private Verdict params(Object id, String method, Object params) {
        ParamsShape shape = PARAMS.get(method);
        if (shape == null) {
            return new ForSdk();
        }
        if (params instanceof List<?> || (params == null && shape.required())) {
            return invalidParams(id, shape.expected());
        }
        if (params instanceof Map<?, ?> fields && !hasRequired(method, fields)) {
            return invalidParams(id, shape.expected());
        }
        if (params instanceof Map<?, ?> fields && McpSchema.METHOD_TOOLS_CALL.equals(method)
                && !tools.contains(fields.get("name"))) {
            return invalidParams(id, "There is no tool \"" + fields.get("name") + "\". The tools: "
                    + String.join(", ", tools) + ".");
        }
        if (params != null && shape.type() != null) {
            try {
                sdkJson.convertValue(params, shape.type());
            } catch (RuntimeException e) {
                return invalidParams(id, shape.expected());
            }
        }
        return new ForSdk();
    }

    private static boolean hasRequired(String method, Map<?, ?> params) {
        return switch (method) {
            case McpSchema.METHOD_TOOLS_CALL -> params.get("name") instanceof String name && !name.isEmpty();
            case McpSchema.METHOD_INITIALIZE -> params.get("protocolVersion") instanceof String
                    && params.get("capabilities") instanceof Map<?, ?>
                    && params.get("clientInfo") instanceof Map<?, ?> client
                    && client.get("name") instanceof String && client.get("version") instanceof String;
            default -> true;
        };
    }

    private static Refused parseError(String message) {
        return new Refused(400, null, ErrorCodes.PARSE_ERROR, message);
    }

    private static Refused invalid(Object id, String message) {
        return new Refused(400, id, ErrorCodes.INVALID_REQUEST, message);
    }

    /** As the SDK answers an unknown tool: a JSON-RPC error to a well-formed request, so HTTP 200. */
    private static Refused invalidParams(Object id, String message) {
        return new Refused(200, id, ErrorCodes.INVALID_PARAMS, message);
    }

    /** Strict UTF-8 without a byte order mark: the SDK decodes the body as text before it parses it. */
    private static boolean utf8(byte[] body) {
        if (body.length >= 3 && (body[0] & 0xff) == 0xef && (body[1] & 0xff) == 0xbb && (body[2] & 0xff) == 0xbf) {
            return false;
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        ByteBuffer in = ByteBuffer.wrap(body);
        CharBuffer out = CharBuffer.allocate(8192);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return false;
            }
            if (result.isUnderflow()) {
                return !decoder.flush(out.clear()).isError();
            }
            out.clear();
        }
    }

    private static final class TooManyValues extends RuntimeException {
        TooManyValues() {
            super(null, null, false, false);
        }
    }

    /** Maps, lists and scalars, as the SDK reads the body; a tool's arguments only as an empty object or list. */
    private static final class Reader {
        private final JsonParser parser;
        private int values;

        Reader(JsonParser parser) {
            this.parser = parser;
        }

        /** {@code depth} 0 is the message itself; {@code params} says this value is the message's params. */
        Object value(JsonToken token, int depth, boolean params, boolean shapeOnly) {
            if (++values > MAX_VALUES) {
                throw new TooManyValues();
            }
            return switch (token) {
                case START_OBJECT -> shapeOnly ? skipped(new LinkedHashMap<>()) : object(depth, params);
                case START_ARRAY -> shapeOnly ? skipped(new ArrayList<>()) : array(depth);
                case VALUE_STRING -> {
                    String text = parser.getString();
                    yield text.length() > KEPT_STRING ? text.substring(0, KEPT_STRING) : text;
                }
                case VALUE_NUMBER_INT -> parser.getNumberValue();
                case VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
                case VALUE_TRUE -> true;
                case VALUE_FALSE -> false;
                default -> null;
            };
        }

        private Object skipped(Object empty) {
            parser.skipChildren();
            return empty;
        }

        private Map<String, Object> object(int depth, boolean params) {
            Map<String, Object> object = new LinkedHashMap<>();
            for (JsonToken token = parser.nextToken(); token == JsonToken.PROPERTY_NAME; token = parser.nextToken()) {
                String name = parser.currentName();
                object.put(name, value(parser.nextToken(), depth + 1, depth == 0 && "params".equals(name),
                        params && "arguments".equals(name)));
            }
            return object;
        }

        private List<Object> array(int depth) {
            List<Object> array = new ArrayList<>();
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                array.add(value(token, depth + 1, false, false));
            }
            return array;
        }
    }
}
