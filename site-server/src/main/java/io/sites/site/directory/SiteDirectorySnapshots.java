package io.sites.site.directory;

import io.sites.api.blob.SnapshotStore;
import io.sites.site.directory.DirectorySnapshotFormat.Contents;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.tokenstore.inmemory.InMemoryTokenStore;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The site directory's snapshots in the blob store's {@link SnapshotStore}, where every replica finds them: each is
 * named by its event position and the sha256 of its bytes ({@link SnapshotName}). A starting replica, new or not,
 * restores the newest one whose checksum and contents check out (any replica's: they all read one stream), then
 * reads only the events after its token; without one it reads the whole stream. A replica writes one at intervals
 * when its directory moved and at shutdown, unless one as new is there already, then keeps the newest few.
 *
 * <p>Consistency: the projection records a token after applying its event, and a snapshot reads the token
 * before the directory, so the saved directory holds at least every event up to the saved token; events after it
 * may be in it too and are applied again on restart, which the directory's updates tolerate.
 */
final class SiteDirectorySnapshots implements AutoCloseable {
    /** Snapshots kept: a few, so that a corrupt newest one still leaves a recent one to start from. */
    static final int KEPT = 3;
    private static final Logger log = LoggerFactory.getLogger(SiteDirectorySnapshots.class);

    private final SiteDirectory directory;
    private final SnapshotStore store;
    private final String replica;
    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "site-directory-snapshot");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Serializer serializer;
    private volatile TrackingToken handled;
    private volatile TrackingToken written;

    SiteDirectorySnapshots(SiteDirectory directory, SnapshotStore store, String replica, long intervalMillis) {
        this.directory = directory;
        this.store = store;
        this.replica = SnapshotName.replica(replica);
        writer.scheduleWithFixedDelay(this::writeQuietly, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Called by the projection on its thread, after the event's change is in the directory. */
    void handled(TrackingToken token) {
        if (token != null) {
            handled = token;
        }
    }

    /** The token the snapshot resumes from (null without one); known once {@link #tokenStore} has run. */
    TrackingToken restored() {
        return written;
    }

    /** As {@link #tokenStore(Serializer, UnaryOperator)}, the stream read by the processor alone. */
    InMemoryTokenStore tokenStore(Serializer serializer) {
        return tokenStore(serializer, UnaryOperator.identity());
    }

    /**
     * The projection's token store: restores the directory from the newest sound snapshot, then, when the processor
     * first asks for its token (on its own thread, before it reads), lets {@code history} read on from the
     * snapshot's token (null: from the start) and starts the processor after what that read.
     */
    InMemoryTokenStore tokenStore(Serializer serializer, UnaryOperator<TrackingToken> history) {
        this.serializer = serializer;
        TrackingToken restored = load();
        written = restored;
        handled = restored;
        return new InMemoryTokenStore() {
            @Override
            public void initializeTokenSegments(String processorName, int segmentCount, TrackingToken initialToken) {
                TrackingToken read = history.apply(restored);
                super.initializeTokenSegments(processorName, segmentCount, read != null ? read : initialToken);
            }
        };
    }

    private TrackingToken load() {
        List<SnapshotName> candidates;
        try {
            candidates = newestFirst();
        } catch (IOException | RuntimeException unlisted) {
            log.warn("Could not list the site directory snapshots in {}; reading the whole event stream", store,
                    unlisted);
            return null;
        }
        for (SnapshotName candidate : candidates) {
            long started = System.nanoTime();
            try {
                Optional<Contents> read = read(candidate);
                if (read.isEmpty()) {
                    continue;
                }
                Contents contents = read.get();
                TrackingToken token = serializer.deserialize(new SimpleSerializedObject<>(contents.token(),
                        byte[].class, contents.tokenType(), contents.tokenRevision()));
                directory.restore(contents.sites());
                directory.restoreHostnames(contents.hostnames(), contents.chosenApexes());
                log.info("Site directory restored from snapshot {} in {} ms: {} sites, resuming after {}", candidate,
                        (System.nanoTime() - started) / 1_000_000, contents.sites().size(), token);
                return token;
            } catch (IOException | RuntimeException unreadable) {
                // A snapshot is only a shortcut: an older one, or the stream from the start, does as well.
                log.warn("Site directory snapshot {} is unreadable or corrupt; skipped ({})", candidate,
                        unreadable.toString());
                directory.restore(List.of());
                directory.restoreHostnames(null, null);
            }
        }
        log.info("No usable site directory snapshot in {}: reading the whole event stream", store);
        return null;
    }

    /** The snapshot's contents once all its bytes matched its checksum; empty when it was removed meanwhile. */
    private Optional<Contents> read(SnapshotName name) throws IOException {
        Optional<InputStream> opened = store.open(name.toString());
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        MessageDigest digest = sha256();
        try (InputStream raw = opened.get();
                DigestInputStream checked = new DigestInputStream(new BufferedInputStream(raw, 1 << 16), digest)) {
            Contents contents = DirectorySnapshotFormat.read(new DataInputStream(new DirectorySnapshotFormat.Unlocked(
                    new GZIPInputStream(checked, 1 << 16))), directory);
            checked.transferTo(OutputStream.nullOutputStream());
            String actual = HexFormat.of().formatHex(digest.digest());
            if (!actual.equals(name.sha256())) {
                throw new IOException("checksum " + actual + " differs from its name's");
            }
            return Optional.of(contents);
        }
    }

    /** Writes a snapshot when the directory moved since the last one and no snapshot as new is there already. */
    synchronized void write() throws IOException {
        TrackingToken token = handled;
        if (token == null || token.equals(written) || serializer == null || token.position().isEmpty()) {
            return;
        }
        long position = token.position().getAsLong();
        List<SnapshotName> existing = newestFirst();
        if (!existing.isEmpty() && existing.getFirst().position() >= position) {
            written = token; // another replica wrote this far already
            return;
        }
        SerializedObject<byte[]> serialized = serializer.serialize(token, byte[].class);
        Contents contents = new Contents(serialized.getType().getName(), serialized.getType().getRevision(),
                serialized.getData(), directory.all(), directory.hostnames(), directory.chosenApexes());
        long started = System.nanoTime();
        Path temporary = Files.createTempFile("site-directory-", ".snapshot");
        try {
            MessageDigest digest = sha256();
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FastGzip(
                    new DigestOutputStream(new BufferedOutputStream(Files.newOutputStream(temporary), 1 << 16),
                            digest)), 1 << 16))) {
                DirectorySnapshotFormat.write(contents, out);
            }
            SnapshotName name = new SnapshotName(position, HexFormat.of().formatHex(digest.digest()), replica);
            store.put(name.toString(), temporary);
            log.info("Site directory snapshot {} written: {} sites, {} bytes in {} ms", name, contents.sites().size(),
                    Files.size(temporary), (System.nanoTime() - started) / 1_000_000);
            written = token;
            trim(name);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Keeps the newest few (this one among them); the others go, whoever wrote them. */
    private void trim(SnapshotName justWritten) throws IOException {
        List<SnapshotName> all = newestFirst();
        for (SnapshotName old : all.subList(Math.min(KEPT, all.size()), all.size())) {
            if (!old.equals(justWritten)) {
                store.delete(old.toString());
            }
        }
    }

    private List<SnapshotName> newestFirst() throws IOException {
        return store.names().stream().map(SnapshotName::parse).flatMap(Optional::stream)
                .sorted(Comparator.comparingLong(SnapshotName::position).reversed()
                        .thenComparing(SnapshotName::toString))
                .toList();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException absent) {
            throw new IllegalStateException(absent);
        }
    }

    private void writeQuietly() {
        try {
            write();
        } catch (IOException | RuntimeException failed) {
            log.warn("Could not write the site directory snapshot to {}", store, failed);
        }
    }

    @Override
    public void close() {
        // The round under way finishes (an upload is not cut short), then the last one is written.
        io.sites.replica.BackgroundWork.stop(writer);
        writeQuietly();
    }

    /** Gzip at its fastest level: the snapshot is written often and compresses well anyway. */
    private static final class FastGzip extends GZIPOutputStream {
        FastGzip(OutputStream out) throws IOException {
            super(out, 1 << 16);
            def.setLevel(Deflater.BEST_SPEED);
        }
    }
}
