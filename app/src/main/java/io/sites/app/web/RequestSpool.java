package io.sites.app.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One request's scratch space: a temporary directory of its own under the data directory's {@code tmp/bodies}
 * (made when first needed) and the heap it reserved from the process-wide {@link MemoryBudget}. A large API body
 * ({@link SpooledBody}) and a web application upload ({@link BodyAdmission#spool()}) keep what they take in here;
 * closing deletes the directory and gives the memory back, however the request ended.
 */
public final class RequestSpool implements AutoCloseable {
    /**
     * Heap per file of a bundle beyond its bytes: the file's input, its path and the bundle reader's entry for it,
     * as a REST body's file object costs about five JSON tokens of {@link BodyAdmission#HEAP_PER_TOKEN}.
     */
    static final int HEAP_PER_FILE = 5 * BodyAdmission.HEAP_PER_TOKEN;

    private final Path root;
    private final BodyAdmission admission;
    private final List<MemoryBudget.Reservation> reserved = new ArrayList<>();
    private Path dir;

    RequestSpool(Path root, BodyAdmission admission) {
        this.root = root;
        this.admission = admission;
    }

    /** This request's own temporary directory; made on first use. */
    public Path dir() throws IOException {
        if (dir == null) {
            dir = Files.createTempDirectory(root, "request-");
        }
        return dir;
    }

    /**
     * Reserves, until the request ends, the heap that {@code files} files will take while a publish reads them, of
     * which {@code heldBytes} bytes are held in memory (read, and scanned by the authoring rules): what
     * {@link InlineContents} reserves for a REST body's files.
     *
     * @throws ServerBusyException when it cannot be had in time
     * @throws PayloadTooLargeException when it could never be had
     */
    public void reserveFiles(long files, long heldBytes) {
        reserve(files * HEAP_PER_FILE + heldBytes * InlineContents.HEAP_PER_HELD_BYTE);
    }

    /**
     * Reserves {@code cost} bytes of heap until the request ends.
     *
     * @throws ServerBusyException when it cannot be had in time
     * @throws PayloadTooLargeException when it could never be had
     */
    void reserve(long cost) {
        if (cost > 0) {
            reserved.add(admission.reserve(cost));
        }
    }

    /** Reserves {@code cost} bytes if they are free now; false (nothing reserved) if not. */
    boolean reserveNow(long cost) {
        MemoryBudget.Reservation room = admission.reserveNow(cost);
        if (room != null) {
            reserved.add(room);
        }
        return room != null;
    }

    @Override
    public void close() {
        reserved.forEach(MemoryBudget.Reservation::close);
        reserved.clear();
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path each : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(each);
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not delete the spooled request " + dir, failed);
        } finally {
            dir = null;
        }
    }
}
