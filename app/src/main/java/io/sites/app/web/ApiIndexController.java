package io.sites.app.web;

import io.sites.app.SiteUrls;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.NoHandlerFoundException;

/** getApiIndex and the RFC 9728 protected-resource metadata: public documents that tell clients where to go. */
@RestController
class ApiIndexController {
    static final String VERSION = "1.0.0";

    private final SiteUrls urls;

    ApiIndexController(SiteUrls urls) {
        this.urls = urls;
    }

    @GetMapping(path = {"/v1", "/v1/"}, produces = "application/json")
    Map<String, Object> index() {
        Map<String, Object> index = new LinkedHashMap<>();
        index.put("name", "Sites: static website publishing");
        index.put("version", VERSION);
        index.put("openapi", urls.api("/v1/openapi.json"));
        index.put("mcp", urls.api("/mcp"));
        index.put("protectedResourceMetadata", urls.api("/.well-known/oauth-protected-resource"));
        index.put("tokens", urls.app("/mcp"));
        index.put("documentation", urls.api("/docs"));
        index.put("llms", urls.api("/llms.txt"));
        return index;
    }

    /**
     * The API host's root, which the spec does not define: a person's browser (asking for HTML) is sent to the web
     * application; an API client gets the 404 envelope of any unknown path.
     */
    @GetMapping("/")
    ResponseEntity<Void> root(@RequestHeader(value = HttpHeaders.ACCEPT, defaultValue = "") String accept)
            throws NoHandlerFoundException {
        if (!accept.contains(MediaType.TEXT_HTML_VALUE)) {
            throw new NoHandlerFoundException("GET", "/", new HttpHeaders());
        }
        return ResponseEntity.status(HttpStatus.FOUND).location(URI.create(urls.app("/"))).build();
    }

    // Browser-based MCP clients discover the authorization server from their own origin.
    @CrossOrigin(origins = "*", allowCredentials = "false")
    @GetMapping(path = "/.well-known/oauth-protected-resource", produces = "application/json")
    Map<String, Object> apiResource() {
        return resource(urls.api(""));
    }

    @CrossOrigin(origins = "*", allowCredentials = "false")
    @GetMapping(path = "/.well-known/oauth-protected-resource/mcp", produces = "application/json")
    Map<String, Object> mcpResource() {
        return resource(urls.api("/mcp"));
    }

    private Map<String, Object> resource(String resource) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("resource", resource);
        metadata.put("authorization_servers", List.of(urls.api("")));
        metadata.put("scopes_supported", List.of("mcp"));
        metadata.put("bearer_methods_supported", List.of("header"));
        metadata.put("resource_name", "Sites");
        return metadata;
    }
}
