package io.sites.site.directory;

import io.sites.site.directory.SiteDirectory.Site;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.tokenstore.inmemory.InMemoryTokenStore;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * This replica's site directory on disk with its position in the event stream, so a restart resumes from there
 * instead of replaying the whole history. A replica without a file (a new one) starts from the beginning.
 *
 * <p>Consistency: the projection records a token after applying its event, and a snapshot reads the token
 * before the directory, so the saved directory holds at least every event up to the saved token; events after it
 * may be in it too and are applied again on restart, which the directory's updates tolerate.
 */
final class SiteDirectorySnapshots implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SiteDirectorySnapshots.class);
    /**
     * Non-ASCII is written as \\u escapes: a path the store accepted may hold a lone surrogate, which has no UTF-8
     * form, and the file must read back whatever the event stream holds.
     */
    private static final JsonMapper JSON = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    /**
     * What is on disk. The token travels as Axon serialized it, since its type depends on the event store;
     * {@code chosenApexes} is absent (null) in a snapshot written before apex/www pairs.
     */
    record Stored(String tokenType, String tokenRevision, String token, List<Site> sites,
            java.util.Map<String, String> hostnames, java.util.Map<String, String> chosenApexes) {
    }

    private final SiteDirectory directory;
    private final Path file;
    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "site-directory-snapshot");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Serializer serializer;
    private volatile TrackingToken handled;
    private volatile TrackingToken written;

    SiteDirectorySnapshots(SiteDirectory directory, Path file, long intervalMillis) {
        this.directory = directory;
        this.file = file;
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
     * The projection's token store: restores the directory from the file, then, when the processor first asks for
     * its token (on its own thread, before it reads), lets {@code history} read on from the snapshot's token (null:
     * from the start) and starts the processor after what that read. Called by Axon before the processor reads.
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
        if (!Files.exists(file)) {
            log.info("No site directory snapshot at {}: reading the whole event stream", file);
            return null;
        }
        try {
            // Read as characters: the byte parser refuses an escaped lone surrogate in a property name.
            Stored stored = JSON.readValue(Files.readString(file), Stored.class);
            TrackingToken token = serializer.deserialize(new SimpleSerializedObject<>(
                    Base64.getDecoder().decode(stored.token()), byte[].class, stored.tokenType(),
                    stored.tokenRevision()));
            directory.restore(stored.sites());
            directory.restoreHostnames(stored.hostnames(), stored.chosenApexes());
            log.info("Site directory restored from {}: {} sites, resuming after {}", file, stored.sites().size(),
                    token);
            return token;
        } catch (IOException | RuntimeException unreadable) {
            // A snapshot is only a shortcut: without it the stream is read from the start.
            log.warn("Site directory snapshot {} is unreadable; reading the whole event stream", file, unreadable);
            directory.restore(List.of());
            directory.restoreHostnames(null, null);
            return null;
        }
    }

    /** Writes a snapshot when the directory moved since the last one. Atomic: a reader sees the old or new file. */
    synchronized void write() throws IOException {
        TrackingToken token = handled;
        if (token == null || token.equals(written) || serializer == null) {
            return;
        }
        List<Site> sites = directory.all();
        SerializedObject<byte[]> serialized = serializer.serialize(token, byte[].class);
        Stored stored = new Stored(serialized.getType().getName(), serialized.getType().getRevision(),
                Base64.getEncoder().encodeToString(serialized.getData()), sites, directory.hostnames(),
                directory.chosenApexes());
        Files.createDirectories(file.getParent());
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(temporary.toFile(), stored);
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        written = token;
    }

    private void writeQuietly() {
        try {
            write();
        } catch (IOException | RuntimeException failed) {
            log.warn("Could not write the site directory snapshot {}", file, failed);
        }
    }

    @Override
    public void close() {
        writer.shutdownNow();
        writeQuietly();
    }
}
