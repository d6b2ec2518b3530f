package io.sites.app.web;

import io.sites.app.SiteUrls;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI 3.1 description that GET /v1 links to. Hand-written (openapi/openapi.json) because the spec, not the
 * code, is the contract; tests validate the document and every real response against it.
 */
@RestController
class OpenApiController {
    private final JsonNode document;

    OpenApiController(OpenApiDocument openApi, SiteUrls urls) {
        ObjectNode parsed = openApi.copy();
        // The servers entry names this deployment's own base URL.
        parsed.putArray("servers").addObject().put("url", urls.api(""));
        this.document = parsed;
    }

    @GetMapping(path = "/v1/openapi.json", produces = "application/json")
    JsonNode openApi() {
        return document;
    }
}
