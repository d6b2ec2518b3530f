package io.sites.site.directory;

import io.sites.api.site.ManifestEntry;
import io.sites.api.event.VersionPublished;
import io.sites.api.id.WebsiteId;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;

/**
 * Slug to website, in memory, with a few numbers per stored version: its number, when it was published, and the
 * aggregate sequence number of the event that published it, from which its manifest is read on demand into a cache
 * bounded in bytes ({@link ManifestCache}). Every change replaces one map entry with a new immutable {@link Site},
 * and a manifest never changes once published: a request sees either the old state or the new one, never a mix.
 * Memory per site: a few hundred bytes whatever its size, so a million sites fit a small heap (docs/DECISIONS.md,
 * "A compact site directory").
 */
public class SiteDirectory {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);
    /** The manifests' bound when none is configured (tests): far more than a test publishes. */
    static final long DEFAULT_MANIFEST_BYTES = 64L << 20;

    // Replaced whole by a restore (before the replica serves), so that a million sites go into maps of their size.
    private volatile Map<String, Site> bySlug = new ConcurrentHashMap<>();
    private volatile Map<WebsiteId, String> slugs = new ConcurrentHashMap<>();
    private final SiteHostnames hostnames = new SiteHostnames();
    private final ManifestCache manifests;
    private volatile boolean caughtUp;
    private volatile BooleanSupplier catchingUp = () -> false;

    /**
     * Where a stored version's manifest is read when it is not in memory: the event that published it, by its
     * website (the aggregate) and its sequence number. Empty when the store holds no VersionPublished there.
     */
    @FunctionalInterface
    public interface PublishedManifests {
        /** One that finds nothing: a directory whose every manifest came with its event (tests). */
        PublishedManifests NONE = (websiteId, sequence) -> Optional.empty();

        Optional<List<ManifestEntry>> read(WebsiteId websiteId, long sequence);

        /**
         * Reads the first event of {@code events(aggregate, sequence)}, a website's events from that sequence number
         * on (Axon's {@code readEvents}, which fetches lazily in batches): the manifest when it is that version's.
         */
        static PublishedManifests fromEvents(BiFunction<String, Long, DomainEventStream> events) {
            return (websiteId, sequence) -> {
                if (sequence < 0) {
                    return Optional.empty();
                }
                DomainEventStream stream = events.apply(websiteId.value(), sequence);
                if (!stream.hasNext()) {
                    return Optional.empty();
                }
                DomainEventMessage<?> first = stream.next();
                return first.getSequenceNumber() == sequence && first.getPayload() instanceof VersionPublished p
                        ? Optional.of(p.files()) : Optional.empty();
            };
        }
    }

    /** What the directory keeps of a stored version: a handful of numbers (about 32 bytes). */
    record Stored(int number, long sequence, long publishedAtMillis) {
    }

    /**
     * One stored version: its files by path and when it was published (the Last-Modified of its files). Its files
     * are read from the event store on first use when they are not in memory: a caller that may not block asks
     * {@link #inMemory()} first.
     */
    public record Version(WebsiteId websiteId, Stored stored, ManifestCache manifests) {
        public int number() {
            return stored.number();
        }

        public Instant publishedAt() {
            return Instant.ofEpochMilli(stored.publishedAtMillis());
        }

        public String lastModified() {
            return HTTP_DATE.format(publishedAt().truncatedTo(ChronoUnit.SECONDS));
        }

        /** Whether its files are in memory, so that {@link #files()} does not block. */
        public boolean inMemory() {
            return manifests.holds(websiteId, stored.sequence());
        }

        /** Its files by path: read from the event store (blocking) when not in memory. */
        public Map<String, ManifestEntry> files() {
            return manifests.files(websiteId, stored.sequence()).orElseThrow(() -> new IllegalStateException(
                    "The event store holds no VersionPublished of " + websiteId + " at sequence number "
                            + stored.sequence() + " (version " + stored.number() + ")"));
        }

        public Optional<ManifestEntry> file(String path) {
            return Optional.ofNullable(files().get(path));
        }
    }

    /**
     * A website as the site server sees it. No version is live until one is promoted ({@code live} may be one
     * retention no longer stores); {@code passwordHash} is null when the site is public. Equal to another with the
     * same state, whichever directory holds it.
     */
    public record Site(WebsiteId websiteId, String slug, Stored live, List<Stored> storedVersions, boolean deleted,
            String passwordHash, ManifestCache manifests) {

        /** A site with no version (for the tests of the rooms that only read one). */
        public Site(WebsiteId websiteId, String slug, boolean deleted, String passwordHash) {
            this(websiteId, slug, null, List.of(), deleted, passwordHash,
                    new ManifestCache(PublishedManifests.NONE, 0));
        }

        /** The served version, or null when none is live yet. */
        public Version current() {
            return live == null ? null : new Version(websiteId, live, manifests);
        }

        /** The served version's number, or 0 when none is live yet. */
        public int version() {
            return live == null ? 0 : live.number();
        }

        /** A file of the served version (its manifest read from the event store when not in memory). */
        public Optional<ManifestEntry> file(String path) {
            return live == null ? Optional.empty() : current().file(path);
        }

        public Optional<Version> stored(int number) {
            return storedNumbered(number).map(found -> new Version(websiteId, found, manifests));
        }

        /** Every stored version by number. */
        public Map<Integer, Version> versions() {
            Map<Integer, Version> versions = new HashMap<>();
            storedVersions.forEach(v -> versions.put(v.number(), new Version(websiteId, v, manifests)));
            return versions;
        }

        /**
         * Whether version {@code number} existed and was pruned by retention: versions are numbered without gaps and
         * the newest is never pruned, so a missing number below a stored one was pruned (no other mark is kept).
         */
        public boolean pruned(int number) {
            return number >= 1 && storedNumbered(number).isEmpty()
                    && storedVersions.stream().anyMatch(version -> version.number() > number);
        }

        Optional<Stored> storedNumbered(int number) {
            return storedVersions.stream().filter(version -> version.number() == number).findFirst();
        }

        Site with(Stored newLive, List<Stored> newStored) {
            return new Site(websiteId, slug, newLive, newStored, deleted, passwordHash, manifests);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Site site && site.websiteId.equals(websiteId) && site.slug.equals(slug)
                    && Objects.equals(site.live, live) && site.storedVersions.equals(storedVersions)
                    && site.deleted == deleted && Objects.equals(site.passwordHash, passwordHash);
        }

        @Override
        public int hashCode() {
            return Objects.hash(websiteId, slug, live, storedVersions, deleted, passwordHash);
        }
    }

    /** A directory whose manifests come only with their events (tests): nothing is read back once evicted. */
    public SiteDirectory() {
        this(PublishedManifests.NONE, DEFAULT_MANIFEST_BYTES);
    }

    /** @param manifestBytes the bound of the manifests kept in memory, in estimated bytes */
    SiteDirectory(PublishedManifests source, long manifestBytes) {
        this.manifests = new ManifestCache(source, manifestBytes);
    }

    /** A site as a snapshot holds it, bound to this directory's manifests. */
    Site site(WebsiteId websiteId, String slug, Stored live, List<Stored> stored, boolean deleted,
            String passwordHash) {
        return new Site(websiteId, slug, live, stored, deleted, passwordHash, manifests);
    }

    ManifestCache manifests() {
        return manifests;
    }

    void created(WebsiteId websiteId, String slug) {
        slugs.put(websiteId, slug);
        // A slug is taken again only after its site was deleted; an event seen twice (after a snapshot) changes nothing.
        bySlug.compute(slug, (key, existing) -> existing == null || existing.deleted()
                && !existing.websiteId().equals(websiteId)
                ? new Site(websiteId, slug, null, List.of(), false, null, manifests) : existing);
    }

    /** As the tests publish: the version number stands for the event's sequence number. */
    void promoted(WebsiteId websiteId, int version, Iterable<ManifestEntry> files) {
        published(websiteId, version, true, Instant.EPOCH, version, files);
    }

    /** As the tests publish: the version number stands for the event's sequence number. */
    void published(WebsiteId websiteId, int number, boolean promote, Instant at, Iterable<ManifestEntry> files) {
        published(websiteId, number, promote, at, number, files);
    }

    /**
     * A version published by the website's event at {@code sequence}: its numbers are kept, and its manifest goes
     * into the cache at once (a site being published to is likely asked for next).
     */
    void published(WebsiteId websiteId, int number, boolean promote, Instant at, long sequence,
            Iterable<ManifestEntry> files) {
        if (!slugs.containsKey(websiteId)) {
            return;
        }
        Stored version = new Stored(number, sequence, at.toEpochMilli());
        manifests.put(websiteId, sequence, files);
        update(websiteId, site -> {
            List<Stored> stored = new ArrayList<>(site.storedVersions().size() + 1);
            site.storedVersions().stream().filter(old -> old.number() != number).forEach(stored::add);
            stored.add(version);
            return site.with(promote ? version : site.live(), List.copyOf(stored));
        });
    }

    /**
     * A stored version becomes the served one, older or newer: the event order decides (the last promotion wins),
     * and applying the same event again after a snapshot changes nothing. A version never stored is ignored.
     */
    void live(WebsiteId websiteId, int number) {
        update(websiteId, site -> site.storedNumbered(number).map(version -> site.with(version,
                site.storedVersions())).orElse(site));
    }

    void deleted(WebsiteId websiteId) {
        // The manifests go: a deleted site serves nothing, and its slug may be claimed again.
        update(websiteId, site -> {
            site.storedVersions().forEach(version -> manifests.forget(websiteId, version.sequence()));
            return new Site(websiteId, site.slug(), null, List.of(), true, null, manifests);
        });
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

    /** Retention pruned these versions: their numbers and cached manifests go (memory follows what is retained). */
    void pruned(WebsiteId websiteId, java.util.Collection<Integer> numbers) {
        update(websiteId, site -> {
            List<Stored> kept = new ArrayList<>(site.storedVersions().size());
            for (Stored version : site.storedVersions()) {
                if (numbers.contains(version.number())) {
                    manifests.forget(websiteId, version.sequence());
                } else {
                    kept.add(version);
                }
            }
            return site.with(site.live(), List.copyOf(kept));
        });
    }

    void password(WebsiteId websiteId, String passwordHash) {
        update(websiteId, site -> new Site(websiteId, site.slug(), site.live(), site.storedVersions(),
                site.deleted(), passwordHash, manifests));
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
        int capacity = Math.max(16, sites.size() + sites.size() / 3);
        Map<String, Site> restoredBySlug = new ConcurrentHashMap<>(capacity);
        Map<WebsiteId, String> restoredSlugs = new ConcurrentHashMap<>(capacity);
        for (Site site : sites) {
            restoredBySlug.put(site.slug(), site);
            restoredSlugs.put(site.websiteId(), site.slug());
        }
        slugs = restoredSlugs;
        bySlug = restoredBySlug;
    }
}
