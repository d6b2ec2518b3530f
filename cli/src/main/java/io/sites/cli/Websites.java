package io.sites.cli;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * SITE on the command line: a website id ({@code web_…}) as it is, or a slug looked up among all the caller's
 * websites (listWebsites with {@code slug}, the service's extension for it; a service without it answers its usual
 * list, which is searched as well).
 */
final class Websites {
    private Websites() {
    }

    static Optional<String> find(Api api, String site) {
        if (site.startsWith("web_")) {
            return Optional.of(site);
        }
        for (JsonNode item : api.get("v1/websites?slug=" + Api.encode(site)).path("items")) {
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

    /** The number of the website's live version, if it has one. */
    static java.util.OptionalInt liveVersion(Api api, String id) {
        for (JsonNode version : api.get(path(id)).path("versions")) {
            if (version.path("isCurrent").asBoolean()) {
                return java.util.OptionalInt.of(version.path("version").asInt());
            }
        }
        return java.util.OptionalInt.empty();
    }

    static JsonNode get(Api api, String site) {
        return api.get(path(id(api, site)));
    }
}
