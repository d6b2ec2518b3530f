package io.sites.app.fleet;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.version;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Every publish the fleet acknowledged with a 201: which website, which version, and the marker its index.html
 * carries, so that a read can tell the new bytes from old ones. Publishes of one website come from one thread.
 */
final class Ledger {
    private static final Pattern MARKER = Pattern.compile("<p id=marker>([a-z0-9-]+)</p>");

    /** One acknowledged version. */
    record Version(int number, String jobId, String marker) {
    }

    /** A website and its acknowledged versions, oldest first. */
    static final class Website {
        final String id;
        final String slug;
        final List<Version> versions = new CopyOnWriteArrayList<>();

        private Website(String id, String slug) {
            this.id = id;
            this.slug = slug;
        }

        Version latest() {
            return versions.getLast();
        }
    }

    private final String run = Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36), 36);
    private final AtomicInteger sequence = new AtomicInteger();
    private final List<Website> websites = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> versionOfMarker = new ConcurrentHashMap<>();

    /**
     * Publishes a new website ({@code website} null) or a new version of one through {@code api}.
     * @return the acknowledged version, or null when the answer was no 201 (the response is in {@code refused})
     * @throws RuntimeException when the request failed (connection refused or reset)
     */
    Version publish(Http api, Website website, List<String> refused) {
        String marker = "m" + run + "-" + sequence.incrementAndGet();
        Map<String, Object> index = file("index.html", "<!doctype html><title>Fleet</title><p id=marker>" + marker
                + "</p>");
        Http.Response response;
        if (website == null) {
            String slug = "fleet-" + marker;
            response = api.post("/v1/websites", ServiceProcess.TOKEN, site(slug, "Fleet " + marker, index));
        } else {
            response = api.post("/v1/websites/" + website.id + "/versions", ServiceProcess.TOKEN,
                    version(null, marker, index));
        }
        if (response.status() != 201) {
            refused.add(response.status() + " " + response.text());
            return null;
        }
        var body = response.json();
        Version acknowledged = new Version(body.get("version").asInt(), body.get("jobId").asString(), marker);
        versionOfMarker.put(marker, acknowledged.number());
        Website target = website;
        if (target == null) {
            target = new Website(body.get("websiteId").asString(), body.get("slug").asString());
            target.versions.add(acknowledged);
            websites.add(target);
        } else {
            target.versions.add(acknowledged);
        }
        return acknowledged;
    }

    /** The website most recently created. */
    Website newest() {
        return websites.getLast();
    }

    List<Website> websites() {
        return List.copyOf(websites);
    }

    Website any() {
        return websites.get(ThreadLocalRandom.current().nextInt(websites.size()));
    }

    int acknowledged() {
        return websites.stream().mapToInt(website -> website.versions.size()).sum();
    }

    /** The marker a served page carries, or null when it carries none. */
    static String markerIn(String page) {
        Matcher matcher = MARKER.matcher(page);
        return matcher.find() ? matcher.group(1) : null;
    }

    /**
     * Whether a page served for {@code website} is at least {@code expected}: its marker is an acknowledged version
     * no older than it, or a publish not acknowledged (yet): only one started after the read's expectation was taken.
     */
    boolean atLeast(String page, Version expected) {
        String marker = markerIn(page);
        if (marker == null) {
            return false;
        }
        Integer number = versionOfMarker.get(marker);
        return number == null || number >= expected.number();
    }

    /**
     * Every acknowledged version that {@code api} does not list or {@code sites} does not serve: each at its
     * preview host {@code v{n}--{slug}}, and the newest at the site's own host.
     */
    List<String> lost(Http api, Http sites) {
        List<String> lost = new ArrayList<>();
        for (Website website : websites) {
            Http.Response listed = api.get("/v1/websites/" + website.id + "/versions", ServiceProcess.TOKEN);
            Set<String> jobs = listed.status() != 200 ? Set.of()
                    : listed.json().get("versions").valueStream().map(each -> each.get("id").asString())
                            .collect(Collectors.toSet());
            for (Version version : website.versions) {
                if (!jobs.contains(version.jobId())) {
                    lost.add(website.id + " v" + version.number() + " not listed (" + listed.status() + ")");
                }
                Http.Response preview = sites.onHost("v" + version.number() + "--" + website.slug + ".localhost",
                        "GET", "/");
                if (preview.status() != 200 || !version.marker().equals(markerIn(preview.text()))) {
                    lost.add(website.slug + " v" + version.number() + " not served at its preview ("
                            + preview.status() + ")");
                }
            }
            Http.Response live = sites.site(website.slug, "/");
            if (live.status() != 200 || !atLeast(live.text(), website.latest())) {
                lost.add(website.slug + " serves " + markerIn(live.text()) + ", not v"
                        + website.latest().number() + " (" + live.status() + ")");
            }
        }
        return lost;
    }
}
