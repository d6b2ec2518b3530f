package io.sites.site.directory;

import io.sites.api.id.WebsiteId;
import io.sites.api.site.ManifestEntry;
import io.sites.site.directory.SiteDirectory.PublishedManifests;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Manifests by the event that published them (website and aggregate sequence number), least recently used first out
 * once their estimated bytes pass the bound: the directory itself keeps only numbers per version, so a million
 * sites fit a small heap, and a version nobody asked for is read from the event store on its first request. A
 * manifest is immutable (an event never changes), so whichever copy a request gets is the right one.
 *
 * <p>The bound is split in two rooms of half each, so that no tenant's big sites starve everyone else's: a manifest
 * of more than {@link #LARGE_SHARE} of the bound (some 8,000 files at the default 64 MB) goes to the room of large
 * ones and pushes out only large ones, and the million small sites keep theirs. A manifest larger than its whole
 * room is served, not kept. Requests that miss the same manifest at once share one read of the event store: a
 * crowd arriving at a site nobody asked for yet costs one read, not one per request.
 */
final class ManifestCache {
    /** A manifest above this share of the whole bound is a large one. */
    private static final int LARGE_SHARE = 32;
    /** Per file past its strings: the entry, its map slot and the sha256's 64-byte string (compact Latin-1). */
    private static final long FILE_BYTES = 24 + 40 + 24 + 16 + 64 + 24 + 16;
    private static final long MANIFEST_BYTES = 96;
    private static final int SHARED_TYPES = 1024;

    private record Key(WebsiteId websiteId, long sequence) {
    }

    private record Held(Map<String, ManifestEntry> files, long bytes) {
    }

    /** One room: manifests in the order of their last use, and their estimated bytes, never above its bound. */
    private static final class Room {
        private final long maxBytes;
        private final LinkedHashMap<Key, Held> held = new LinkedHashMap<>(16, 0.75f, true);
        private long bytes;

        Room(long maxBytes) {
            this.maxBytes = maxBytes;
        }

        void put(Key key, Held manifest) {
            Held previous = held.put(key, manifest);
            bytes += manifest.bytes() - (previous == null ? 0 : previous.bytes());
            Iterator<Held> oldest = held.values().iterator();
            while (bytes > maxBytes && oldest.hasNext()) {
                bytes -= oldest.next().bytes();
                oldest.remove();
            }
        }

        void remove(Key key) {
            Held gone = held.remove(key);
            if (gone != null) {
                bytes -= gone.bytes();
            }
        }
    }

    private final PublishedManifests source;
    private final long maxBytes;
    private final Room small;
    private final Room large;
    private final Map<Key, CompletableFuture<Optional<Map<String, ManifestEntry>>>> reading =
            new ConcurrentHashMap<>();
    private final Map<String, String> contentTypes = new ConcurrentHashMap<>();
    private long loads;

    ManifestCache(PublishedManifests source, long maxBytes) {
        this.source = source;
        this.maxBytes = maxBytes;
        this.small = new Room(maxBytes / 2);
        this.large = new Room(maxBytes - maxBytes / 2);
    }

    /**
     * The manifest, read from the event store when not held (this may block, also while another request reads the
     * same one); empty when the store holds no such event.
     */
    Optional<Map<String, ManifestEntry>> files(WebsiteId websiteId, long sequence) {
        Key key = new Key(websiteId, sequence);
        Map<String, ManifestEntry> files = held(key);
        if (files != null) {
            return Optional.of(files);
        }
        CompletableFuture<Optional<Map<String, ManifestEntry>>> mine = new CompletableFuture<>();
        CompletableFuture<Optional<Map<String, ManifestEntry>>> theirs = reading.putIfAbsent(key, mine);
        if (theirs != null) {
            return awaited(theirs);
        }
        try {
            // Held by now when a read that finished between the two looks above put it there.
            files = held(key);
            Optional<Map<String, ManifestEntry>> read = files != null ? Optional.of(files) : read(key);
            mine.complete(read);
            return read;
        } catch (RuntimeException | Error failed) {
            mine.completeExceptionally(failed);
            throw failed;
        } finally {
            reading.remove(key, mine);
        }
    }

    private Optional<Map<String, ManifestEntry>> read(Key key) {
        Optional<List<ManifestEntry>> read = source.read(key.websiteId(), key.sequence());
        synchronized (this) {
            loads++;
        }
        return read.map(entries -> put(key, entries));
    }

    /** Another request's read of the same manifest: its answer, or its failure as if this request had read. */
    private static Optional<Map<String, ManifestEntry>> awaited(
            CompletableFuture<Optional<Map<String, ManifestEntry>>> theirs) {
        try {
            return theirs.join();
        } catch (CompletionException failed) {
            if (failed.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (failed.getCause() instanceof Error cause) {
                throw cause;
            }
            throw failed;
        }
    }

    /**
     * Whether the manifest is in memory, so that serving it does not block. Asking counts as a use: the manifest
     * becomes the most recent, so it is still there when the request reads it an instant later.
     */
    synchronized boolean holds(WebsiteId websiteId, long sequence) {
        return held(new Key(websiteId, sequence)) != null;
    }

    /** A manifest just published: the site is being worked on, so its next request will likely ask for it. */
    Map<String, ManifestEntry> put(WebsiteId websiteId, long sequence, Iterable<ManifestEntry> files) {
        return put(new Key(websiteId, sequence), files);
    }

    private synchronized Map<String, ManifestEntry> held(Key key) {
        Held found = small.held.get(key);
        if (found == null) {
            found = large.held.get(key);
        }
        return found == null ? null : found.files();
    }

    private Map<String, ManifestEntry> put(Key key, Iterable<ManifestEntry> entries) {
        Map<String, ManifestEntry> byPath = new HashMap<>();
        long size = MANIFEST_BYTES;
        for (ManifestEntry file : entries) {
            byPath.put(file.path(), sharingItsType(file));
            size += FILE_BYTES + file.path().length() * 2L;
        }
        Map<String, ManifestEntry> files = Map.copyOf(byPath);
        Room room = size > maxBytes / LARGE_SHARE ? large : small;
        if (size > room.maxBytes) {
            return files;
        }
        synchronized (this) {
            room.put(key, new Held(files, size));
        }
        return files;
    }

    /** Forgets a manifest that retention pruned or whose website was deleted: nothing will ask for it again. */
    synchronized void forget(WebsiteId websiteId, long sequence) {
        Key key = new Key(websiteId, sequence);
        small.remove(key);
        large.remove(key);
    }

    /** The estimated bytes held now: never above the bound once a put returns. */
    synchronized long bytes() {
        return small.bytes + large.bytes;
    }

    synchronized int size() {
        return small.held.size() + large.held.size();
    }

    /** How many large manifests are held (for tests). */
    synchronized int largeOnes() {
        return large.held.size();
    }

    /** How many manifests were read from the event store so far (for tests and the benchmark's reading). */
    synchronized long loads() {
        return loads;
    }

    long maxBytes() {
        return maxBytes;
    }

    /**
     * The entry with the one copy of its content type this cache holds: an event's manifest arrives with a new
     * string per file, and a few dozen types repeat over millions of files. Bounded: past {@link #SHARED_TYPES}
     * distinct ones, a type keeps its own copy.
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
}
