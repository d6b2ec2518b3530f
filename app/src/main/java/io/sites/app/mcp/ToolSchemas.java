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
 * plus the properties of its request body; an output is its success body's top-level fields (see output). Referenced
 * components are copied into {@code $defs}. Descriptions for language models are laid over by JSON pointer; a
 * pointer that no longer exists stops the start.
 */
final class ToolSchemas {
    private static final String COMPONENT_REF = "#/components/schemas/";
    private static final String DEFS_REF = "#/$defs/";
    /** The query parameter of a publish's dry run (an extension), which is validate_bundle rather than an argument. */
    private static final String DRY_RUN = "dryRun";
    private static final String EXTENSION_MARKER = "x-extension-of";
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
        // The fields are the publishes' own, described in their tools; this tool says only which publish it is.
        for (ObjectNode each : new ObjectNode[] {schema, other}) {
            each.get("properties").values().forEach(property -> ((ObjectNode) property).remove("description"));
        }
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

    /**
     * The operation's required path and query parameters as argument names: a REST client cannot leave these out
     * (they are the path), so no rule of the operation names them when a tool call does; body fields it does.
     */
    Set<String> requiredParameters(String operationId) {
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode parameter : openApi.operation(operationId).path("parameters")) {
            if (parameter.path("required").asBoolean(false) && !"header".equals(parameter.path("in").asString())) {
                names.add(argument(parameter));
            }
        }
        return names;
    }

    private ObjectNode inputOf(String operationId) {
        ObjectNode schema = parametersAndBody(operationId);
        if (schema.get("properties").get(IdempotentCalls.ARGUMENT) instanceof ObjectNode key) {
            // The header's own description is written for REST clients; an agent needs the gist, in every tool.
            key.put("description", IdempotentCalls.DESCRIPTION);
        }
        return schema;
    }

    private ObjectNode parametersAndBody(String operationId) {
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
     * The operation's success body as an agent needs it: its top-level fields and their JSON types. Nothing is
     * required and other fields are allowed, so the error envelope a failed call carries as its structured content
     * fits too (the TypeScript SDK checks structuredContent against the output schema even on errors). The full
     * shapes would triple the tool list every agent reads; /v1/openapi.json has them. An operation answered 204 has
     * no body: its tool answers an empty object.
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
        ObjectNode schema = json.createObjectNode().put("type", "object");
        if (!status.equals("204")) {
            JsonNode success = component(responses.get(status).get("content").get("application/json").get("schema")
                    .get("$ref").asString());
            ObjectNode properties = schema.putObject("properties");
            success.path("properties").properties().forEach(entry -> {
                ArrayNode types = json.createArrayNode();
                typesOf(entry.getValue()).forEach(types::add);
                properties.putObject(entry.getKey()).set("type", types.size() == 1 ? types.get(0) : types);
            });
        }
        return json.convertValue(schema, MAP);
    }

    /** The JSON types a property may take: its own, its component's, or those of its alternatives. */
    private Set<String> typesOf(JsonNode property) {
        Set<String> types = new LinkedHashSet<>();
        JsonNode type = property.get("type");
        if (type != null && type.isArray()) {
            type.forEach(each -> types.add(each.asString()));
        } else if (type != null) {
            types.add(type.asString());
        } else if (property.has("$ref")) {
            types.addAll(typesOf(component(property.get("$ref").asString())));
        } else {
            for (String combinator : new String[] {"oneOf", "anyOf"}) {
                property.path(combinator).forEach(alternative -> types.addAll(typesOf(alternative)));
            }
        }
        if (types.isEmpty()) {
            // allOf, or no type at all: an object is what every such component of the document is.
            types.add("object");
        }
        return types;
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
            // A copied component (a publish's file) is explained once, by the tool's description (the authoring
            // rules) and its laid-over descriptions, not again in every tool that takes it.
            defs.values().forEach(def -> {
                ((ObjectNode) def).remove("description");
                def.path("properties").values().forEach(property -> ((ObjectNode) property).remove("description"));
            });
            schema.set("$defs", defs);
        }
        rewriteRefs(schema);
        // Which fields extend interface 1.0.0 matters to the document's readers, not to an agent calling a tool.
        schema.findParents(EXTENSION_MARKER).forEach(parent -> ((ObjectNode) parent).remove(EXTENSION_MARKER));
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
