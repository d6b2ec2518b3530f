package io.sites.cli;

import tools.jackson.databind.JsonNode;

/**
 * Where a stored version can be looked at before it is live: the publish answer's {@code previewUrl} when the service
 * gives one; else the one getWebsite lists for that version (the service builds it, with whatever it needs); else
 * its own host, {@code v{n}--{slug}.{site_host}}, built from the live address as the service builds both.
 */
final class Previews {
    private Previews() {
    }

    static String of(Api api, JsonNode published) {
        String given = published.path("previewUrl").asString("");
        if (!given.isEmpty()) {
            return given;
        }
        int version = published.path("version").asInt();
        try {
            for (JsonNode listed : api.get(Websites.path(published.path("websiteId").asString())).path("versions")) {
                if (listed.path("version").asInt() == version && !listed.path("previewUrl").asString("").isEmpty()) {
                    return listed.path("previewUrl").asString();
                }
            }
        } catch (Failure unreadable) {
            // The version is stored either way; its address can still be told from the live one.
        }
        return ofPage(published.path("pageUrl").asString(""), version);
    }

    /** {@code https://shop.example.site/} and 4 make {@code https://v4--shop.example.site/}. */
    static String ofPage(String pageUrl, int version) {
        int host = pageUrl.indexOf("://");
        return host < 0 ? pageUrl : pageUrl.substring(0, host + 3) + "v" + version + "--" + pageUrl.substring(host + 3);
    }
}
