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
import java.util.concurrent.ConcurrentHashMap;

/**
 * Manifests by the event that published them (website and aggregate sequence number), least recently used first out
 * once their estimated bytes pass the bound: the directory itself keeps only numbers per version, so a million
 * sites fit a small heap, and a version nobody asked for is read from the event store on its first request. A
 * manifest is immutable (an event never changes), so whichever copy a request gets is the right one.
 */
final class ManifestCache {
    /** A manifest larger than this share of the bound is served but not kept: it would push out everything else. */
    private static final int LARGEST_SHARE = 4;
    /** Per file past its strings: the entry, its map slot and the sha256's 64-byte string (compact Latin-1). */
    private static final long FILE_BYTES = 24 + 40 + 24 + 16 + 64 + 24 + 16;
    private static final long MANIFEST_BYTES = 96;
    private static final int SHARED_TYPES = 1024;

    private record Key(WebsiteId websiteId, long sequence) {
    }

    private record Held(Map<String, ManifestEntry> files, long bytes) {
    }

    private final PublishedManifests source;
    private final long maxBytes;
    private final LinkedHashMap<Key, Held> held = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<String, String> contentTypes = new ConcurrentHashMap<>();
    private long bytes;
    private long loads;

    ManifestCache(PublishedManifests source, long maxBytes) {
        this.source = source;
        this.maxBytes = maxBytes;
    }

    /** The manifest, read from the event store when not held (this may block); empty when it holds no such event. */
    Optional<Map<String, ManifestEntry>> files(WebsiteId websiteId, long sequence) {
        Key key = new Key(websiteId, sequence);
        Map<String, ManifestEntry> files = held(key);
        if (files != null) {
            return Optional.of(files);
        }
        Optional<List<ManifestEntry>> read = source.read(websiteId, sequence);
        synchronized (this) {
            loads++;
        }
        return read.map(entries -> put(key, entries));
    }

    /**
     * Whether the manifest is in memory, so that serving it does not block. Asking counts as a use: the manifest
     * becomes the most recent, so it is still there when the request reads it an instant later.
     */
    synchronized boolean holds(WebsiteId websiteId, long sequence) {
        return held.get(new Key(websiteId, sequence)) != null;
    }

    /** A manifest just published: the site is being worked on, so its next request will likely ask for it. */
    Map<String, ManifestEntry> put(WebsiteId websiteId, long sequence, Iterable<ManifestEntry> files) {
        return put(new Key(websiteId, sequence), files);
    }

    private synchronized Map<String, ManifestEntry> held(Key key) {
        Held found = held.get(key);
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
        if (size > maxBytes / LARGEST_SHARE) {
            return files;
        }
        synchronized (this) {
            Held previous = held.put(key, new Held(files, size));
            bytes += size - (previous == null ? 0 : previous.bytes());
            Iterator<Held> oldest = held.values().iterator();
            while (bytes > maxBytes && oldest.hasNext()) {
                bytes -= oldest.next().bytes();
                oldest.remove();
            }
        }
        return files;
    }

    /** Forgets a manifest that retention pruned or whose website was deleted: nothing will ask for it again. */
    synchronized void forget(WebsiteId websiteId, long sequence) {
        Held gone = held.remove(new Key(websiteId, sequence));
        if (gone != null) {
            bytes -= gone.bytes();
        }
    }

    /** The estimated bytes held now: never above the bound once a put returns. */
    synchronized long bytes() {
        return bytes;
    }

    synchronized int size() {
        return held.size();
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
