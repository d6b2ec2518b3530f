package io.sites.site.directory;

import io.sites.api.site.ManifestEntry;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Slug to website, in memory, with every stored version's manifest so previews need no lookup elsewhere. Every
 * change replaces one map entry with a new immutable {@link Site}: a request sees either the old state or the new
 * one, never a mix. Memory per site: one {@link ManifestEntry} (path, type, size, hash: roughly 250 bytes) per file
 * per stored version.
 */
public class SiteDirectory {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    private final Map<String, Site> bySlug = new ConcurrentHashMap<>();
    private final Map<WebsiteId, String> slugs = new ConcurrentHashMap<>();
    private final SiteHostnames hostnames = new SiteHostnames();
    private static final int SHARED_TYPES = 1024;
    private final Map<String, String> contentTypes = new ConcurrentHashMap<>();
    private volatile boolean caughtUp;
    private volatile BooleanSupplier catchingUp = () -> false;

    /** One stored version: its files by path and when it was published (the Last-Modified of its files). */
    public record Version(int number, Instant publishedAt, String lastModified, Map<String, ManifestEntry> files) {
        Version(int number, Instant publishedAt, Map<String, ManifestEntry> files) {
            this(number, publishedAt, HTTP_DATE.format(publishedAt.truncatedTo(ChronoUnit.SECONDS)), files);
        }

        public Optional<ManifestEntry> file(String path) {
            return Optional.ofNullable(files.get(path));
        }
    }

    /**
     * A website as the site server sees it. {@code current} is null until a version is promoted; {@code passwordHash}
     * is null when the site is public.
     */
    public record Site(WebsiteId websiteId, String slug, Version current, Map<Integer, Version> versions,
            boolean deleted, String passwordHash) {

        /** The served version's number, or 0 when none is live yet. */
        public int version() {
            return current == null ? 0 : current.number();
        }

        public Optional<ManifestEntry> file(String path) {
            return current == null ? Optional.empty() : current.file(path);
        }

        public Optional<Version> stored(int number) {
            return Optional.ofNullable(versions.get(number));
        }

        /**
         * Whether version {@code number} existed and was pruned by retention: versions are numbered without gaps and
         * the newest is never pruned, so a missing number below a stored one was pruned (no other mark is kept).
         */
        public boolean pruned(int number) {
            return number >= 1 && !versions.containsKey(number)
                    && versions.keySet().stream().anyMatch(stored -> stored > number);
        }

        Site with(Version newCurrent, Map<Integer, Version> newVersions) {
            return new Site(websiteId, slug, newCurrent, newVersions, deleted, passwordHash);
        }
    }

    void created(WebsiteId websiteId, String slug) {
        slugs.put(websiteId, slug);
        // A slug is taken again only after its site was deleted; an event seen twice (after a snapshot) changes nothing.
        bySlug.compute(slug, (key, existing) -> existing == null || existing.deleted()
                && !existing.websiteId().equals(websiteId)
                ? new Site(websiteId, slug, null, Map.of(), false, null) : existing);
    }

    void promoted(WebsiteId websiteId, int version, Iterable<ManifestEntry> files) {
        published(websiteId, version, true, Instant.EPOCH, files);
    }

    void published(WebsiteId websiteId, int number, boolean promote, Instant at, Iterable<ManifestEntry> files) {
        update(websiteId, site -> {
            Map<String, ManifestEntry> byPath = new HashMap<>();
            files.forEach(file -> byPath.put(file.path(), sharingItsType(file)));
            Version version = new Version(number, at, Map.copyOf(byPath));
            Map<Integer, Version> versions = new HashMap<>(site.versions());
            versions.put(number, version);
            return site.with(promote ? version : site.current(), Map.copyOf(versions));
        });
    }

    /**
     * The entry with the one copy of its content type this directory holds: an event's manifest arrives with a new
     * string per file, and a few dozen types repeat over millions of files (bench/generate-sites: about a fifth of
     * the directory's heap). Bounded: past {@link #SHARED_TYPES} distinct ones, a type keeps its own copy.
     */
    private ManifestEntry sharingItsType(ManifestEntry file) {
        String shared = contentTypes.get(file.contentType());
        if (shared == null) {
            if (contentTypes.size() >= SHARED_TYPES) {
                return file;
            }
            shared = contentTypes.computeIfAbsent(file.contentType(), type -> type);
        }
        return shared == file.contentType() ? file
                : new ManifestEntry(file.path(), shared, file.size(), file.sha256());
    }

    /**
     * A stored version becomes the served one, older or newer: the event order decides (the last promotion wins),
     * and applying the same event again after a snapshot changes nothing. A version never stored is ignored.
     */
    void live(WebsiteId websiteId, int number) {
        update(websiteId, site -> site.stored(number).map(version -> site.with(version, site.versions()))
                .orElse(site));
    }

    void deleted(WebsiteId websiteId) {
        // The manifests go: a deleted site serves nothing, and its slug may be claimed again.
        update(websiteId, site -> new Site(websiteId, site.slug(), null, Map.of(), true, null));
        domainsGone(websiteId);
    }

    /** A custom hostname verified for the website: served from now on. */
    void domainServed(WebsiteId websiteId, String hostname) {
        String slug = slugs.get(websiteId);
        if (slug != null) {
            hostnames.serve(hostname, slug);
        }
    }

    /** A custom hostname removed, or its record missing past the grace period: no longer served. */
    void domainStopped(WebsiteId websiteId, String hostname) {
        String slug = slugs.get(websiteId);
        if (slug != null) {
            hostnames.stop(hostname, slug);
        }
    }

    /** A custom hostname removed by its owner: no longer served, and an apex's choice goes with it. */
    void domainRemoved(WebsiteId websiteId, String hostname) {
        String slug = slugs.get(websiteId);
        if (slug != null) {
            hostnames.remove(hostname, slug);
        }
    }

    /** The owner chose this name of an apex/www pair to serve. */
    void domainPreferred(WebsiteId websiteId, String hostname) {
        String slug = slugs.get(websiteId);
        if (slug != null) {
            hostnames.prefer(hostname, slug);
        }
    }

    /** The name to redirect to when {@code host} is the name of a served apex/www pair that does not serve. */
    public Optional<String> redirectAt(String host) {
        return hostnames.redirectAt(host);
    }

    private void domainsGone(WebsiteId websiteId) {
        String slug = slugs.get(websiteId);
        if (slug != null) {
            hostnames.stopAll(slug);
        }
    }

    /** The slug served at a custom hostname (a Host without its port), empty when none is. */
    public Optional<String> slugAt(String host) {
        return hostnames.slugAt(host);
    }

    /** Every custom hostname served now: the ones that need a certificate. */
    public java.util.Set<String> servedHostnames() {
        return hostnames.all().keySet();
    }

    /** Every served custom hostname with its slug, for snapshots. */
    Map<String, String> hostnames() {
        return hostnames.all();
    }

    /** The apexes chosen over their www names, with their slugs, for snapshots. */
    Map<String, String> chosenApexes() {
        return hostnames.chosen();
    }

    void restoreHostnames(Map<String, String> served, Map<String, String> chosenApexes) {
        hostnames.restore(served, chosenApexes);
    }

    /** Retention pruned these versions: their manifests go (memory follows what is retained). */
    void pruned(WebsiteId websiteId, java.util.Collection<Integer> numbers) {
        update(websiteId, site -> {
            Map<Integer, Version> versions = new HashMap<>(site.versions());
            numbers.forEach(versions::remove);
            return site.with(site.current(), Map.copyOf(versions));
        });
    }

    void password(WebsiteId websiteId, String passwordHash) {
        update(websiteId, site -> new Site(websiteId, site.slug(), site.current(), site.versions(), site.deleted(),
                passwordHash));
    }

    private void update(WebsiteId websiteId, java.util.function.UnaryOperator<Site> change) {
        String slug = slugs.get(websiteId);
        if (slug == null) {
            return;
        }
        bySlug.computeIfPresent(slug, (key, site) -> site.websiteId().equals(websiteId) ? change.apply(site) : site);
    }

    /**
     * Whether this directory holds everything the event store held when this replica started. Until then a site
     * request may concern a version not read yet, so the site server answers 503 rather than a wrong 404; a
     * readiness probe may use it too.
     */
    public boolean isCaughtUp() {
        return caughtUp || catchingUp.getAsBoolean();
    }

    void caughtUp() {
        caughtUp = true;
    }

    /** Asked while not caught up, for a state that only polling shows (the processor's). */
    void catchingUp(BooleanSupplier check) {
        catchingUp = check;
    }

    /** The website at this slug, deleted or not; empty when the slug was never used. */
    public Optional<Site> find(String slug) {
        return Optional.ofNullable(bySlug.get(slug));
    }

    /** Every site, for snapshots. */
    List<Site> all() {
        return List.copyOf(bySlug.values());
    }

    void restore(List<Site> sites) {
        bySlug.clear();
        slugs.clear();
        for (Site site : sites) {
            bySlug.put(site.slug(), site);
            slugs.put(site.websiteId(), site.slug());
        }
    }
}
