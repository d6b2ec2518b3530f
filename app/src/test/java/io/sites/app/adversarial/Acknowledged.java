package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.version;

import io.sites.app.Http;
import io.sites.app.ServiceProcess;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
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
    /** What each lost or reused count saw, for the failure message. */
    final List<String> findings = Collections.synchronizedList(new ArrayList<>());

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
                    findings.add(website.slug() + " v" + version.getKey() + ": listed " + listed.contains(
                            version.getKey()) + ", served " + served.status());
                } else if (!Arrays.equals(served.raw().body(), version.getValue())) {
                    reused.incrementAndGet();
                    findings.add(website.slug() + " v" + version.getKey() + ": other bytes");
                }
            }
            int acknowledgedLatest = website.latest();
            if (!listed.contains(acknowledgedLatest)) {
                continue;
            }
            // The live site serves the newest version: the last acknowledged, or one committed just before the kill
            // whose 201 never arrived (the read model may not have read that one yet, so the previews decide).
            for (Map.Entry<String, Http> port : Map.of("site", service.site(), "api", service.api()).entrySet()) {
                Http.Response live = awaitServed(port.getValue(), website.slug(), deadline);
                int served = servedVersion(service.site(), website, acknowledgedLatest, live.raw().body(), deadline);
                if (served < acknowledgedLatest) {
                    lost.incrementAndGet();
                    findings.add(website.slug() + ": acknowledged up to v" + acknowledgedLatest + ", live "
                            + live.status() + " " + live.text() + " on the " + port.getKey() + " port");
                }
            }
            int next = publish(service.api(), website);
            if (next <= acknowledgedLatest) {
                reused.incrementAndGet();
                findings.add(website.slug() + ": next publish got v" + next + " after v" + acknowledgedLatest);
            }
        }
    }

    /** The number of the stored version from {@code from} on whose page is {@code body}; 0 when none is. */
    private int servedVersion(Http site, Website website, int from, byte[] body, long deadline)
            throws InterruptedException {
        for (int n = from; ; n++) {
            Http.Response preview = awaitServed(site, "v" + n + "--" + website.slug(), deadline);
            if (preview.status() != 200) {
                return 0;
            }
            if (Arrays.equals(preview.raw().body(), body)) {
                return n;
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
    Http.Response send(Supplier<Http.Response> request) {
        try {
            Http.Response response = request.get();
            if (response.status() == 503 && response.header("Retry-After") != null) {
                unavailable.incrementAndGet();
            } else if (response.status() >= 500) {
                serverErrors.incrementAndGet();
            }
            return response;
        } catch (UncheckedIOException cut) {
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
