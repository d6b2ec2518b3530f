package io.sites.app.docs;

import io.sites.app.SiteUrls;
import io.sites.app.mcp.McpTools;
import io.sites.app.web.ApiProperties;
import io.sites.app.web.OpenApiDocument;
import io.sites.bundle.BundleLimits;
import io.sites.command.limits.CommandLimits;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.node.ObjectNode;

/**
 * GET /docs and GET /llms.txt, the documentation GET /v1 links: public, rendered once at start-up (the same bytes on
 * every replica with the same configuration), with a strong ETag and a short public cache lifetime. /docs is HTML
 * whatever the Accept header says: it is a page, not a representation of a resource.
 */
@RestController
class DocsController {
    static final MediaType TEXT_PLAIN = MediaType.parseMediaType("text/plain;charset=utf-8");
    static final MediaType TEXT_HTML = MediaType.parseMediaType("text/html;charset=utf-8");
    // The page has no script, image, font or form: only its one inline style element, named by its hash.
    static final String POLICY = "default-src 'none'; style-src " + ApiPage.STYLE_HASH
            + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    // Short enough that a redeploy with new limits is seen soon; revalidation by ETag is cheap.
    private static final CacheControl CACHE = CacheControl.maxAge(Duration.ofMinutes(5)).cachePublic();

    private final Rendered page;
    private final Rendered llms;

    DocsController(OpenApiDocument openApi, McpTools tools, ApiProperties api, BundleLimits bundle,
            CommandLimits command, SiteUrls urls) {
        ObjectNode document = openApi.copy();
        String baseUrl = urls.api("");
        String tokensUrl = urls.app("/mcp");
        document.putArray("servers").addObject().put("url", baseUrl);
        List<ServiceLimits.Limit> limits = ServiceLimits.of(api, bundle, command);
        this.page = new Rendered(ApiPage.render(document, tools.described(), limits, baseUrl, tokensUrl),
                TEXT_HTML);
        this.llms = new Rendered(LlmsText.render(document, tools.described(), limits, baseUrl, tokensUrl,
                urls.page("{slug}")),
                TEXT_PLAIN);
    }

    @GetMapping("/docs")
    ResponseEntity<byte[]> docs() {
        return page.answer().header("Content-Security-Policy", POLICY).header("X-Content-Type-Options",
                "nosniff").body(page.bytes());
    }

    @GetMapping("/llms.txt")
    ResponseEntity<byte[]> llms() {
        return llms.answer().header("X-Content-Type-Options", "nosniff").body(llms.bytes());
    }

    /** One page's bytes, type and tag. */
    private record Rendered(byte[] bytes, MediaType type, String etag) {
        Rendered(String text, MediaType type) {
            this(text.getBytes(StandardCharsets.UTF_8), type, null);
        }

        Rendered {
            etag = Hashes.etag(bytes);
        }

        /** 200 with the page's headers; Spring answers 304 instead when If-None-Match names the ETag. */
        ResponseEntity.BodyBuilder answer() {
            return ResponseEntity.ok().eTag(etag).cacheControl(CACHE).contentType(type);
        }
    }
}
