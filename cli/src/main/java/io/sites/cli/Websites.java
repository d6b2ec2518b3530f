package io.sites.cli;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * SITE on the command line: a website id ({@code web_…}) as it is, or a slug looked up among the caller's websites
 * (listWebsites: the 50 most recently updated, so an older site is named by its id).
 */
final class Websites {
    private Websites() {
    }

    static Optional<String> find(Api api, String site) {
        if (site.startsWith("web_")) {
            return Optional.of(site);
        }
        for (JsonNode item : api.get("v1/websites").path("items")) {
            if (site.equals(item.path("slug").asString(null)) && !"deleted".equals(item.path("status").asString())) {
                return Optional.of(item.path("id").asString());
            }
        }
        return Optional.empty();
    }

    static String id(Api api, String site) {
        return find(api, site).orElseThrow(() -> new Failure(Exit.REFUSED,
                "No website " + site + " among yours: name it by its slug or its web_ id (see sites list)."));
    }

    static String path(String id) {
        return "v1/websites/" + Api.encode(id);
    }

    static JsonNode get(Api api, String site) {
        return api.get(path(id(api, site)));
    }
}
