package io.sites.app.mcp;

import io.sites.app.web.OpenApiDocument;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tool input and output schemas (JSON Schema 2020-12), derived at start-up from the OpenAPI document's operations and
 * components, so a tool cannot drift from its REST operation: an input is the operation's path and query parameters
 * plus the properties of its request body; an output is its success body or the error envelope. Referenced
 * components are copied into {@code $defs}. Descriptions for language models are laid over by JSON pointer; a
 * pointer that no longer exists stops the start.
 */
final class ToolSchemas {
    private static final String COMPONENT_REF = "#/components/schemas/";
    private static final String DEFS_REF = "#/$defs/";
    /** The query parameter of a publish's dry run (an extension), which is validate_bundle rather than an argument. */
    private static final String DRY_RUN = "dryRun";
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private final OpenApiDocument openApi;
    private final JsonNode components;
    private final JsonMapper json = JsonMapper.builder().build();

    ToolSchemas(OpenApiDocument openApi) {
        this.openApi = openApi;
        this.components = openApi.schemas();
    }

    /** The operation's parameters and request body properties as one object, with descriptions laid over. */
    Map<String, Object> input(String operationId, Map<String, String> descriptions) {
        return finish(inputOf(operationId), descriptions);
    }

    /**
     * Two operations' inputs as one object (validate_bundle takes either publish's): every property of either, and
     * required only what both require. A check records nothing, so it has no idempotencyKey to retry under.
     */
    Map<String, Object> inputOfEither(String first, String second, Map<String, String> descriptions) {
        ObjectNode schema = inputOf(first);
        ObjectNode other = inputOf(second);
        ObjectNode properties = (ObjectNode) schema.get("properties");
        properties.remove(IdempotentCalls.ARGUMENT);
        ((ObjectNode) other.get("properties")).remove(IdempotentCalls.ARGUMENT);
        other.get("properties").properties().forEach(entry -> {
            if (!properties.has(entry.getKey())) {
                properties.set(entry.getKey(), entry.getValue());
            }
        });
        Set<String> requiredByOther = new LinkedHashSet<>();
        other.path("required").forEach(name -> requiredByOther.add(name.asString()));
        ArrayNode required = json.createArrayNode();
        schema.path("required").forEach(name -> {
            if (requiredByOther.contains(name.asString())) {
                required.add(name);
            }
        });
        schema.remove("required");
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        return finish(schema, descriptions);
    }

    private ObjectNode inputOf(String operationId) {
        JsonNode operation = openApi.operation(operationId);
        ObjectNode schema = json.createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = json.createArrayNode();
        for (JsonNode parameter : operation.path("parameters")) {
            if (DRY_RUN.equals(parameter.get("name").asString())) {
                // The dry run of a specified operation is a tool of its own (validate_bundle), so the specified
                // tools keep the specified shape.
                continue;
            }
            String name = argument(parameter);
            ObjectNode property = (ObjectNode) parameter.get("schema").deepCopy();
            properties.set(name, property);
            if (parameter.has("description")) {
                property.put("description", parameter.get("description").asString());
            }
            if (parameter.path("required").asBoolean(false)) {
                required.add(name);
            }
        }
        JsonNode body = operation.path("requestBody").path("content").path("application/json").path("schema");
        if (!body.isMissingNode()) {
            JsonNode bodySchema = component(body.get("$ref").asString());
            bodySchema.path("properties").properties().forEach(entry -> properties.set(entry.getKey(),
                    entry.getValue().deepCopy()));
            bodySchema.path("required").forEach(name -> required.add(name.asString()));
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        return schema;
    }

    /** A path or query parameter's own name; a header's in lower camel case (Idempotency-Key: idempotencyKey). */
    private static String argument(JsonNode parameter) {
        String name = parameter.get("name").asString();
        if (!"header".equals(parameter.path("in").asString())) {
            return name;
        }
        StringBuilder camel = new StringBuilder();
        for (String word : name.split("-")) {
            camel.append(camel.isEmpty() ? word.toLowerCase(Locale.ROOT)
                    : word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1).toLowerCase(Locale.ROOT));
        }
        return camel.toString();
    }

    /**
     * The success body of the operation, or the error envelope a failed call carries as its structured content. An
     * operation answered 204 has no body; its tool answers an empty object, the only structured content that says so.
     */
    Map<String, Object> output(String operationId) {
        JsonNode responses = openApi.operation(operationId).get("responses");
        return output(responses, responses.has("201") ? "201" : responses.has("204") ? "204" : "200");
    }

    /** As {@link #output(String)}, for the operation's answer with this status (a dry run's 200). */
    Map<String, Object> output(String operationId, String status) {
        return output(openApi.operation(operationId).get("responses"), status);
    }

    private Map<String, Object> output(JsonNode responses, String status) {
        ObjectNode body;
        if (status.equals("204")) {
            body = json.createObjectNode().put("type", "object").put("additionalProperties", false)
                    .put("description", "Empty: the REST answer is 204 No Content.");
        } else {
            JsonNode success = responses.get(status);
            body = json.createObjectNode().put("$ref",
                    success.get("content").get("application/json").get("schema").get("$ref").asString());
        }
        ObjectNode schema = json.createObjectNode().put("type", "object");
        schema.putArray("anyOf").add(body)
                .add(json.createObjectNode().put("$ref", COMPONENT_REF + "ErrorEnvelope"));
        return finish(schema, Map.of());
    }

    private Map<String, Object> finish(ObjectNode schema, Map<String, String> descriptions) {
        ObjectNode defs = json.createObjectNode();
        Deque<JsonNode> pending = new ArrayDeque<>();
        pending.add(schema);
        while (!pending.isEmpty()) {
            for (String name : refsIn(pending.poll())) {
                if (!defs.has(name)) {
                    JsonNode component = component(COMPONENT_REF + name).deepCopy();
                    defs.set(name, component);
                    pending.add(component);
                }
            }
        }
        if (!defs.isEmpty()) {
            schema.set("$defs", defs);
        }
        rewriteRefs(schema);
        descriptions.forEach((pointer, description) -> {
            JsonNode target = schema.at(pointer);
            if (!(target instanceof ObjectNode object)) {
                throw new IllegalStateException("No schema at " + pointer + " to describe; the OpenAPI document "
                        + "changed under the MCP tool descriptions");
            }
            object.put("description", description);
        });
        return json.convertValue(schema, MAP);
    }

    private JsonNode component(String ref) {
        if (!ref.startsWith(COMPONENT_REF) || !components.has(ref.substring(COMPONENT_REF.length()))) {
            throw new IllegalStateException("Unknown schema reference " + ref);
        }
        return components.get(ref.substring(COMPONENT_REF.length()));
    }

    private static Set<String> refsIn(JsonNode node) {
        Set<String> names = new LinkedHashSet<>();
        collect(node, names);
        return names;
    }

    private static void collect(JsonNode node, Set<String> names) {
        if (node.isObject() && node.has("$ref") && node.get("$ref").asString().startsWith(COMPONENT_REF)) {
            names.add(node.get("$ref").asString().substring(COMPONENT_REF.length()));
        }
        if (node.isContainer()) {
            node.values().forEach(child -> collect(child, names));
        }
    }

    private static void rewriteRefs(JsonNode node) {
        if (node instanceof ObjectNode object && object.has("$ref")) {
            object.put("$ref", object.get("$ref").asString().replace(COMPONENT_REF, DEFS_REF));
        }
        if (node.isContainer()) {
            node.values().forEach(ToolSchemas::rewriteRefs);
        }
    }
}
