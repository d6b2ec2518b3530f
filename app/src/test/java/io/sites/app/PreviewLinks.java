package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Opens a previewUrl as a browser does: the grant in its query is answered with a redirect that sets the grant's
 * cookie; the cookie then opens the version's pages and files. For tests that read versions that are not live.
 */
public final class PreviewLinks {
    private PreviewLinks() {
    }

    /** The host of a previewUrl, without the port ({@code v2--slug.localhost}). */
    public static String host(String previewUrl) {
        return URI.create(previewUrl).getHost();
    }

    /** Follows the previewUrl's grant on this server; the {@code Cookie} header value that opens the version. */
    public static String cookie(Http sites, String previewUrl) {
        URI uri = URI.create(previewUrl);
        Http.Response redirect = sites.onHost(uri.getHost(), "GET", uri.getRawPath() + "?" + uri.getRawQuery());
        assertThat(redirect.status()).as("the previewUrl's grant is taken: " + previewUrl).isEqualTo(303);
        String setCookie = redirect.header("Set-Cookie");
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    /** GET a path of the version the previewUrl names, with its grant's cookie. */
    public static Http.Response get(Http sites, String previewUrl, String path) {
        return sites.onHost(host(previewUrl), "GET", path, "Cookie", cookie(sites, previewUrl));
    }

    /**
     * A copy of a JSON answer whose previewUrls lack their grants: every read mints a fresh one, so two reads of the
     * same thing differ there and nowhere else.
     */
    public static JsonNode withoutGrants(JsonNode answer) {
        JsonNode copy = answer.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode object && object.has("previewUrl") && object.get("previewUrl").isString()) {
            String url = object.get("previewUrl").asString();
            object.put("previewUrl", url.contains("?") ? url.substring(0, url.indexOf('?')) : url);
        }
        for (JsonNode child : node) {
            strip(child);
        }
    }
}
