package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.version;

import io.sites.app.Http;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * What clients were told is stored: every version answered 201, with the bytes it was published with, and the
 * checks a restarted service must pass against it (listed, served byte-exact, numbers never reused, no 5xx).
 */
final class Acknowledged {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    /** One website and its acknowledged versions' index.html by number. */
    record Website(String id, String slug, Map<Integer, byte[]> versions) {
        int latest() {
            return versions.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    final Map<String, Website> websites = new ConcurrentHashMap<>();
    /** Files every bundle carries besides its own index.html: stored once, but named in every version's manifest. */
    private final List<Map<String, Object>> shared = new ArrayList<>();
    final AtomicInteger publishes = new AtomicInteger();
    final AtomicInteger serverErrors = new AtomicInteger();
    final AtomicInteger unavailable = new AtomicInteger();
    final AtomicInteger lost = new AtomicInteger();
    final AtomicInteger reused = new AtomicInteger();

    Acknowledged() {
        this(0);
    }

    /** With {@code sharedFiles} more files per version, so that each version weighs more in the event stream. */
    Acknowledged(int sharedFiles) {
        for (int i = 0; i < sharedFiles; i++) {
            shared.add(file("assets/part-" + i + ".css", ".part-" + i + " { margin: " + i + "px; }\n"));
        }
    }

    int count() {
        return websites.values().stream().mapToInt(website -> website.versions().size()).sum();
    }

    /** createWebsite; the website on 201, null otherwise (a refusal or a connection the kill cut). */
    Website create(Http api, String prefix) {
        String slug = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        byte[] page = page(slug);
        publishes.incrementAndGet();
        Http.Response created = send(() -> api.post("/v1/websites", ServiceProcess.TOKEN,
                site(slug, "Durability", bundle(page))));
        if (created == null || created.status() != 201) {
            return null;
        }
        JsonNode body = created.json();
        Website website = new Website(body.get("websiteId").asString(), body.get("slug").asString(),
                new ConcurrentHashMap<>());
        website.versions().put(body.get("version").asInt(), page);
        websites.put(website.id(), website);
        return website;
    }

    /** createWebsiteVersion (promoted); its number on 201, 0 otherwise. */
    int publish(Http api, Website website) {
        byte[] page = page(website.slug());
        publishes.incrementAndGet();
        Http.Response published = send(() -> api.post("/v1/websites/" + website.id() + "/versions",
                ServiceProcess.TOKEN, version(null, null, bundle(page))));
        if (published == null || published.status() != 201) {
            return 0;
        }
        int number = published.json().get("version").asInt();
        website.versions().put(number, page);
        return number;
    }

    /**
     * After a restart: every acknowledged version is listed and served byte-exact at its preview host, the site
     * serves its current version, and the next publish gets a number above every acknowledged one.
     */
    void verify(ServiceProcess service) throws InterruptedException {
        // One deadline for the whole check, so that a run which lost data fails in a minute, not a minute per site.
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        for (Website website : websites.values()) {
            Set<Integer> listed = awaitListed(service.api(), website, deadline);
            for (Map.Entry<Integer, byte[]> version : new TreeMap<>(website.versions()).entrySet()) {
                Http.Response served = awaitServed(service.site(), "v" + version.getKey() + "--" + website.slug(),
                        deadline);
                if (!listed.contains(version.getKey()) || served.status() == 404) {
                    lost.incrementAndGet();
                } else if (!Arrays.equals(served.raw().body(), version.getValue())) {
                    reused.incrementAndGet();
                }
            }
            int acknowledgedLatest = website.latest();
            Http.Response read = send(() -> service.api().get("/v1/websites/" + website.id(), ServiceProcess.TOKEN));
            if (read.status() != 200) {
                continue;
            }
            int current = read.json().get("currentVersion").get("version").asInt();
            byte[] expected = awaitServed(service.site(), "v" + current + "--" + website.slug(), deadline).raw()
                    .body();
            for (Http port : new Http[] {service.site(), service.api()}) {
                Http.Response live = awaitServed(port, website.slug(), deadline);
                if (current < acknowledgedLatest || !Arrays.equals(live.raw().body(), expected)) {
                    lost.incrementAndGet();
                }
            }
            int next = publish(service.api(), website);
            if (next <= acknowledgedLatest) {
                reused.incrementAndGet();
            }
        }
    }

    private Set<Integer> awaitListed(Http api, Website website, long deadline) throws InterruptedException {
        while (true) {
            Set<Integer> listed = versions(send(() -> api.get("/v1/websites/" + website.id() + "/versions",
                    ServiceProcess.TOKEN)));
            if (listed.containsAll(website.versions().keySet()) || System.nanoTime() > deadline) {
                return listed;
            }
            Thread.sleep(100);
        }
    }

    private static Set<Integer> versions(Http.Response list) {
        if (list == null || list.status() != 200) {
            return Set.of();
        }
        JsonNode versions = list.json().get("versions");
        return versions.valueStream().map(version -> version.get("version").asInt()).collect(Collectors.toSet());
    }

    /** A site page; 503 (only while the directory catches up, always with Retry-After) is asked again. */
    Http.Response awaitServed(Http port, String label, long deadline) throws InterruptedException {
        while (true) {
            Http.Response response = send(() -> port.onHost(label + ".localhost", "GET", "/"));
            boolean unavailable = response == null
                    || response.status() == 503 && response.header("Retry-After") != null;
            if (!unavailable) {
                return response;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(label + " still unavailable: " + (response == null ? "no connection"
                        : response.status()));
            }
            Thread.sleep(50);
        }
    }

    /**
     * Sends and counts; null when the connection failed (the service was killed under it). A 503 with Retry-After
     * is the promised answer while a restarted site directory catches up, not a fault.
     */
    Http.Response send(java.util.function.Supplier<Http.Response> request) {
        try {
            Http.Response response = request.get();
            if (response.status() == 503 && response.header("Retry-After") != null) {
                unavailable.incrementAndGet();
            } else if (response.status() >= 500) {
                serverErrors.incrementAndGet();
            }
            return response;
        } catch (java.io.UncheckedIOException cut) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object>[] bundle(byte[] page) {
        List<Map<String, Object>> files = new ArrayList<>(shared);
        files.add(file("index.html", new String(page, StandardCharsets.UTF_8)));
        return files.toArray(Map[]::new);
    }

    private static byte[] page(String slug) {
        return ("<!doctype html><title>" + slug + "</title><p>" + UUID.randomUUID() + "</p>\n")
                .getBytes(StandardCharsets.UTF_8);
    }
}
