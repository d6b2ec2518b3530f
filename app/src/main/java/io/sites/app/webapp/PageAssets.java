package io.sites.app.webapp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.context.request.WebRequest;

/**
 * The pages' one stylesheet and one script, served by the app itself (no CDN, nothing from the network; the pages'
 * CSP allows nothing else). Read once from classpath static/app/assets; browsers revalidate them by ETag, so a new
 * release is picked up at once. A controller rather than a resource mapping: /app/** is otherwise the 404 page.
 */
@Controller
class PageAssets {
    private static final Map<String, MediaType> TYPES = Map.of("app.css", new MediaType("text", "css"),
            "app.js", new MediaType("text", "javascript"), "usage.js", new MediaType("text", "javascript"),
            "uplot.js", new MediaType("text", "javascript"), "uplot.css", new MediaType("text", "css"));
    /** uPlot (MIT, its LICENSE in the same WebJar) draws the usage charts; read from its WebJar, never a CDN. */
    private static final String UPLOT = "/META-INF/resources/webjars/uplot/1.6.30/dist/";
    private final Map<String, byte[]> files = Map.of("app.css", read("app.css"), "app.js", read("app.js"),
            "usage.js", read("usage.js"), "uplot.js", resource(UPLOT + "uPlot.iife.min.js"),
            "uplot.css", resource(UPLOT + "uPlot.min.css"));

    @GetMapping("/app/assets/{name}")
    ResponseEntity<byte[]> asset(@PathVariable String name, WebRequest request) {
        byte[] body = files.get(name);
        if (body == null) {
            throw new PageNotFoundException("There is no page at this address.");
        }
        String etag = "\"" + sha256(body) + "\"";
        if (request.checkNotModified(etag)) {
            return null;
        }
        return ResponseEntity.ok().contentType(TYPES.get(name)).cacheControl(CacheControl.noCache()).eTag(etag)
                .body(body);
    }

    private static byte[] read(String name) {
        return resource("/static/app/assets/" + name);
    }

    private static byte[] resource(String path) {
        try (InputStream in = PageAssets.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the build");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
