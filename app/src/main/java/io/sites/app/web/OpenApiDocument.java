package io.sites.app.web;

import io.sites.bundle.BundleLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hand-written OpenAPI 3.1 description (openapi/openapi.json), read once. The spec, not the code, is the
 * contract: GET /v1/openapi.json serves it, and the MCP tools take their input and output schemas from it. The one
 * number in it that is a setting, an upload's largest declared size, is the per-file limit as configured.
 */
@Component
public class OpenApiDocument {
    static final String RESOURCE = "openapi/openapi.json";

    private final ObjectNode document;

    OpenApiDocument(BundleLimits limits) {
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            this.document = (ObjectNode) JsonMapper.builder().build().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + RESOURCE, e);
        }
        ObjectNode size = (ObjectNode) document.at("/components/schemas/CreateUploadsRequest/properties/files/items"
                + "/properties/size");
        if (!size.has("maximum")) {
            throw new IllegalStateException(RESOURCE + " no longer bounds an upload's declared size");
        }
        size.put("maximum", limits.fileBytes());
    }

    /** A copy of the document, free to change. */
    public ObjectNode copy() {
        return document.deepCopy();
    }

    /** The operation with this operationId, with its path's parameters merged in (as OpenAPI applies them). */
    public JsonNode operation(String operationId) {
        for (JsonNode path : document.get("paths")) {
            for (JsonNode operation : path) {
                if (operation.isObject() && operationId.equals(operation.path("operationId").asString(null))) {
                    ObjectNode merged = (ObjectNode) operation.deepCopy();
                    ArrayNode parameters = merged.putArray("parameters");
                    path.path("parameters").forEach(shared -> {
                        if (!declares(operation, shared)) {
                            parameters.add(resolved(shared));
                        }
                    });
                    operation.path("parameters").forEach(own -> parameters.add(resolved(own)));
                    return merged;
                }
            }
        }
        throw new IllegalArgumentException("No operation " + operationId + " in " + RESOURCE);
    }

    /** A parameter itself, or the one of components.parameters that it refers to (the Idempotency-Key). */
    private JsonNode resolved(JsonNode parameter) {
        String ref = parameter.path("$ref").asString("");
        String prefix = "#/components/parameters/";
        if (!ref.isEmpty() && (!ref.startsWith(prefix) || document.at(ref.substring(1)).isMissingNode())) {
            throw new IllegalStateException("Unknown parameter reference " + ref + " in " + RESOURCE);
        }
        return (ref.isEmpty() ? parameter : document.at(ref.substring(1))).deepCopy();
    }

    private boolean declares(JsonNode operation, JsonNode parameter) {
        for (JsonNode own : operation.path("parameters").valueStream().map(this::resolved).toList()) {
            if (own.path("name").equals(parameter.path("name")) && own.path("in").equals(parameter.path("in"))) {
                return true;
            }
        }
        return false;
    }

    /** components.schemas, by name. */
    public JsonNode schemas() {
        return document.get("components").get("schemas").deepCopy();
    }
}
