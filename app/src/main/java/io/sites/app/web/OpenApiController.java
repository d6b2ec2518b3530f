package io.sites.app.web;

import io.sites.app.SiteUrls;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.springframework.core.io.ClassPathResource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI 3.1 description that GET /v1 links to. Hand-written (openapi/openapi.json) because the spec, not the
 * code, is the contract; tests validate the document and every real response against it.
 */
@RestController
class OpenApiController {
    static final String DOCUMENT = "openapi/openapi.json";

    private final JsonNode document;

    OpenApiController(SiteUrls urls) {
        try (InputStream in = new ClassPathResource(DOCUMENT).getInputStream()) {
            ObjectNode parsed = (ObjectNode) JsonMapper.builder().build().readTree(in);
            // The servers entry names this deployment's own base URL.
            parsed.putArray("servers").addObject().put("url", urls.api(""));
            this.document = parsed;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + DOCUMENT, e);
        }
    }

    @GetMapping(path = "/v1/openapi.json", produces = "application/json")
    JsonNode openApi() {
        return document;
    }
}
