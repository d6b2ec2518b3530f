package io.sites.site.serving;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.sun.management.UnixOperatingSystemMXBean;
import io.sites.api.site.ManifestEntry;
import io.sites.api.blob.BlobStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bytes of served files: hot blobs and their compressed variants in a bounded memory cache, so a cached file
 * costs no blob-store round trip. Blobs never change (their name is their hash), so nothing is ever invalidated,
 * only evicted. Variants are computed once per blob, on its first request that accepts them; never per request.
 * <p>
 * The cache holds read-only direct buffers, outside the heap: a socket is written straight from them (a heap array
 * would be copied into a direct buffer on every write, 5 MB for a 5 MB file), and the collector never scans or
 * moves them. Callers get the shared buffer and must {@link ByteBuffer#slice} or {@link ByteBuffer#duplicate} it.
 */
public final class SiteFiles {
    private static final Logger log = LoggerFactory.getLogger(SiteFiles.class);
    /** Marks a variant that was not worth it (not smaller than the original), so it is not tried again. */
    private static final ByteBuffer NOT_SMALLER = ByteBuffer.allocateDirect(0).asReadOnlyBuffer();
    /**
     * Blob files kept open at once: a quarter of the descriptors the process may open, from 256 to 8,192. Every file
     * above 32 KiB goes out from its open file on the site port, so the hot ones should stay open; one that is not
     * costs an open on a thread that may block, as nginx pays without its open_file_cache.
     */
    static final int OPEN_FILES = openFiles(ManagementFactory.getOperatingSystemMXBean()
            instanceof UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : 1024);

    enum Coding {
        IDENTITY(null, ""), GZIP("gzip", "-gz"), BROTLI("br", "-br");

        final String token;
        final String tagSuffix;

        Coding(String token, String tagSuffix) {
            this.token = token;
            this.tagSuffix = tagSuffix;
        }
    }

    /**
     * Bytes above which a file goes out with sendfile where it can: with the cork, 1.07× the requests/s of the
     * cached copy at 40 KB and 1.09× at 200 KB (bench/serve, side by side); below 16 KB head and body leave in one
     * buffer from memory.
     */
    static final long SENT_FROM_DISK_ABOVE = 32 * 1024;
    private final BlobStore blobs;
    private final long capacity;
    private final long largestCached;
    private final long largestCompressed;
    private final boolean brotli;
    /** The cached bodies by digest, one map per coding (indexed by ordinal): a lookup builds no key. */
    private final List<Map<String, Entry>> cache = List.of(new ConcurrentHashMap<>(), new ConcurrentHashMap<>(),
            new ConcurrentHashMap<>());
    /** Open blob files, for stores that keep them on local disk; at most {@link #openFiles}, bounding the fds. */
    private final Map<String, BlobFile> open = new ConcurrentHashMap<>();
    private final int openFiles;
    private final boolean local; // a file to send: the store's own, or a copy of a remote store's blob (BlobCopies)
    private final BlobCopies copies;
    private final AtomicLong used = new AtomicLong();
    private final SiteTraffic traffic;

    SiteFiles(BlobStore blobs, long capacity, long largestCompressed) {
        this(blobs, capacity, largestCompressed, new SiteTraffic(), OPEN_FILES, null);
    }

    SiteFiles(BlobStore blobs, long capacity, long largestCompressed, SiteTraffic traffic, int openFiles,
            BlobCopies copies) {
        this.copies = blobs.keepsFilesLocally() ? null : copies;
        this.local = blobs.keepsFilesLocally() || copies != null;
        this.openFiles = openFiles;
        this.blobs = blobs;
        this.traffic = traffic;
        this.capacity = capacity;
        // One file may take at most an eighth of the cache, so a few large files cannot flush all the small ones.
        this.largestCached = capacity / 8;
        this.largestCompressed = largestCompressed;
        this.brotli = loadBrotli();
    }

    private static boolean loadBrotli() {
        try {
            Brotli4jLoader.ensureAvailability();
            return true;
        } catch (Throwable unavailable) {
            log.warn("Brotli is not available on this platform; sites are served with gzip only", unavailable);
            return false;
        }
    }

    boolean brotli() {
        return brotli;
    }

    /** Content types seen so far: a handful per site, so the answer costs one map lookup per request. */
    private static final Map<String, Boolean> COMPRESSIBLE = new ConcurrentHashMap<>();

    static boolean compressible(String contentType) {
        Boolean known = COMPRESSIBLE.get(contentType);
        if (known != null) {
            return known;
        }
        String type = contentType.toLowerCase(Locale.ROOT);
        int semicolon = type.indexOf(';');
        if (semicolon >= 0) {
            type = type.substring(0, semicolon).trim();
        }
        boolean compressible = type.startsWith("text/") || type.endsWith("+xml") || type.endsWith("+json")
                || type.equals("application/javascript") || type.equals("application/json")
                || type.equals("application/xml") || type.equals("application/wasm")
                || type.equals("font/ttf") || type.equals("font/otf") || type.equals("image/x-icon")
                || type.equals("image/vnd.microsoft.icon");
        if (COMPRESSIBLE.size() < 1024) {
            COMPRESSIBLE.put(contentType, compressible);
        }
        return compressible;
    }

    /**
     * Whether an identity body of this file goes out from the blob's own file: when the store keeps files on local
     * disk and the file is too large for the memory cache, which would otherwise stream it through the JVM in chunks
     * (bench/serve: 1.49× the requests/s for 5 MB files); and, where the connection sends files with the head corked
     * ({@link SiteRequest#sendsFiles}), from {@link #SENT_FROM_DISK_ABOVE} on, which then never take room in the
     * cache (docs/BENCHMARKS.md: sendfile with the cork against a cached copy).
     */
    boolean sentFromDisk(ManifestEntry file, boolean sendsFiles) {
        return local && (!cacheable(file) || (sendsFiles && file.size() > SENT_FROM_DISK_ABOVE));
    }

    /**
     * The blob's open file, leased to one response (its region gives the lease back once written); null when the
     * file is not open yet and {@code mayBlock} is false, or when the store has no such file (the caller then takes
     * the way through memory or the stream, which reports it). A file of another size than recorded is refused.
     */
    BlobFile file(ManifestEntry file, boolean mayBlock) throws IOException {
        BlobFile known = open.get(file.sha256());
        if (known == null) {
            if (!mayBlock) {
                return null;
            }
            known = openFile(file);
            if (known == null) {
                return null;
            }
        }
        return known.lease() ? known : null;
    }

    private BlobFile openFile(ManifestEntry file) throws IOException {
        Optional<FileChannel> channel = copies == null ? blobs.openFile(file.sha256()) : copies.openFile(file);
        if (channel.isEmpty()) {
            return null;
        }
        long size = channel.get().size();
        if (size != file.size()) {
            channel.get().close();
            throw new IOException("Blob " + file.sha256() + " of " + file.path() + " is " + size + " bytes, not "
                    + file.size());
        }
        BlobFile opened = new BlobFile(channel.get());
        BlobFile raced = open.putIfAbsent(file.sha256(), opened);
        if (raced != null) {
            opened.release();
            return raced;
        }
        if (open.size() > openFiles) {
            closeOneBut(file.sha256());
        }
        return opened;
    }

    /** Lets go of some other open file; it closes once the responses sending it are done. */
    private void closeOneBut(String kept) {
        for (Map.Entry<String, BlobFile> entry : open.entrySet()) {
            if (!entry.getKey().equals(kept) && open.remove(entry.getKey(), entry.getValue())) {
                entry.getValue().release();
                return;
            }
        }
    }

    static int openFiles(long maxDescriptors) {
        return (int) Math.clamp(maxDescriptors / 4, 256, 8192);
    }

    /** Whether this file is small enough to be held in memory; larger ones are streamed from the blob store. */
    boolean cacheable(ManifestEntry file) {
        return file.size() <= largestCached;
    }

    /** The whole file, from the cache or loaded into it. Only for {@link #cacheable} files. */
    ByteBuffer bytes(ManifestEntry file) throws IOException {
        try {
            return cached(Coding.IDENTITY, file.sha256(), () -> load(file));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The whole file if it is in memory now, else null; never blocks. */
    ByteBuffer cached(ManifestEntry file) {
        return hit(cache(Coding.IDENTITY).get(file.sha256()));
    }

    /** Reads the blob straight into a direct buffer of its recorded size; a blob of another size is refused. */
    private ByteBuffer load(ManifestEntry file) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.toIntExact(file.size()));
        try (InputStream in = open(file); ReadableByteChannel channel = Channels.newChannel(in)) {
            while (buffer.hasRemaining()) {
                if (channel.read(buffer) < 0) {
                    throw new IOException("Blob " + file.sha256() + " of " + file.path() + " is shorter than "
                            + file.size() + " bytes");
                }
            }
            if (in.read() >= 0) {
                throw new IOException("Blob " + file.sha256() + " of " + file.path() + " is longer than "
                        + file.size() + " bytes");
            }
        }
        return buffer.flip().asReadOnlyBuffer();
    }

    /** Whether {@link #variant} would answer without loading or compressing anything. */
    boolean variantReady(ManifestEntry file, Coding coding) {
        if (coding == Coding.IDENTITY || file.size() > largestCompressed || !compressible(file.contentType())
                || (coding == Coding.BROTLI && !brotli)) {
            return true;
        }
        return cache(coding).containsKey(file.sha256());
    }

    /** The file's bytes in this coding, or null when it has none worth sending (not compressible, too large, …). */
    ByteBuffer variant(ManifestEntry file, Coding coding) throws IOException {
        if (coding == Coding.IDENTITY || file.size() > largestCompressed || !compressible(file.contentType())
                || (coding == Coding.BROTLI && !brotli)) {
            return null;
        }
        ByteBuffer variant = hit(cache(coding).get(file.sha256()));
        if (variant == null) {
            // Read outside the map's compute: a mapping function must not touch the map itself.
            byte[] original = file.size() <= largestCached ? array(bytes(file)) : readWhole(file);
            variant = cached(coding, file.sha256(), () -> {
                byte[] compressed = coding == Coding.GZIP ? gzip(original) : brotli(original);
                return compressed.length < original.length ? direct(compressed) : NOT_SMALLER;
            });
        }
        return variant.capacity() == 0 ? null : variant;
    }

    InputStream open(ManifestEntry file) throws IOException {
        return blobs.open(file.sha256()).orElseThrow(() -> new IOException(
                "Blob " + file.sha256() + " of " + file.path() + " is missing from the store"));
    }

    private byte[] readWhole(ManifestEntry file) throws IOException {
        try (InputStream in = open(file)) {
            return in.readAllBytes();
        }
    }

    private static byte[] array(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    }

    private interface Loader {
        ByteBuffer load() throws IOException;
    }

    /** A cached blob or variant, and whether it was read since eviction last looked at it. */
    private static final class Entry {
        final ByteBuffer bytes;
        // Plain, not volatile: a hit costs one store, and a sweep that misses a concurrent hit only evicts early.
        boolean recent;

        Entry(ByteBuffer bytes) {
            this.bytes = bytes;
        }
    }

    /** A lookup in the cache, counted as a hit when found; a miss is counted when the bytes are loaded. */
    private ByteBuffer hit(Entry entry) {
        if (entry == null) {
            return null;
        }
        traffic.cacheHit();
        if (!entry.recent) {
            entry.recent = true;
        }
        return entry.bytes;
    }

    private Map<String, Entry> cache(Coding coding) {
        return cache.get(coding.ordinal());
    }

    private ByteBuffer cached(Coding coding, String sha, Loader loader) {
        Map<String, Entry> cache = cache(coding);
        ByteBuffer hit = hit(cache.get(sha));
        if (hit != null) {
            return hit;
        }
        // computeIfAbsent: concurrent first requests for one blob load or compress it once.
        Entry loaded = cache.computeIfAbsent(sha, k -> {
            try {
                traffic.cacheMiss();
                Entry entry = new Entry(loader.load());
                used.addAndGet(entry.bytes.capacity());
                return entry;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        if (used.get() > capacity) {
            evict(loaded);
        }
        return loaded.bytes;
    }

    /**
     * Second chance (CLOCK): sweeps the entries until a tenth of the capacity is free, dropping those not read since
     * the last sweep and marking the rest as not read; a second pass drops those too if need be. Nearly as good as
     * LRU for hot files, and lock-free: a hit only sets a flag. The memory of a dropped buffer is freed by the
     * collector once no response still writes from it, never here: that is what makes eviction safe while a slow
     * client is being sent the file.
     */
    private void evict(Entry keep) {
        long target = capacity - capacity / 10;
        for (int pass = 0; pass < 2 && used.get() > target; pass++) {
            for (Map<String, Entry> cache : this.cache) {
                Iterator<Map.Entry<String, Entry>> entries = cache.entrySet().iterator();
                while (used.get() > target && entries.hasNext()) {
                    Map.Entry<String, Entry> entry = entries.next();
                    Entry cached = entry.getValue();
                    if (cached == keep) {
                        continue;
                    }
                    if (cached.recent) {
                        cached.recent = false;
                    } else if (cache.remove(entry.getKey(), cached)) {
                        used.addAndGet(-cached.bytes.capacity());
                    }
                }
            }
        }
    }

    long usedBytes() {
        return used.get();
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 3 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out, 8192) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            gzip.write(bytes);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return out.toByteArray();
    }

    private static byte[] brotli(byte[] bytes) throws IOException {
        // Quality 11 is slow (a few MB/s) but runs once per blob; large files get a cheaper level.
        int quality = bytes.length <= 1 << 20 ? 11 : 6;
        return Encoder.compress(bytes, new Encoder.Parameters().setQuality(quality));
    }
}
