package io.sites.app.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One request's body in a temporary directory of its own, with the memory reserved for reading it: whatever is
 * decoded from it may spill into the same directory, and closing deletes the directory and gives the memory back.
 */
final class SpooledBody implements AutoCloseable {
    private final Path dir;
    private final Path body;
    private final BodyAdmission admission;
    private final List<MemoryBudget.Reservation> reserved = new ArrayList<>();
    private long size;

    private SpooledBody(Path dir, BodyAdmission admission) {
        this.dir = dir;
        this.body = dir.resolve("body.json");
        this.admission = admission;
    }

    static SpooledBody in(Path root, BodyAdmission admission) throws IOException {
        return new SpooledBody(Files.createTempDirectory(root, "request-"), admission);
    }

    /** Copies the body here; {@link PayloadTooLargeException} from a capped {@code in} passes through. */
    void fill(InputStream in) throws IOException {
        try (OutputStream out = Files.newOutputStream(body)) {
            size = in.transferTo(out);
        }
    }

    Path body() {
        return body;
    }

    Path dir() {
        return dir;
    }

    long size() {
        return size;
    }

    /**
     * Reserves more memory for this request, until it ends.
     *
     * @throws ServerBusyException when it cannot be had in time
     * @throws PayloadTooLargeException when it could never be had
     */
    void reserve(long cost) {
        reserved.add(admission.reserve(cost));
    }

    void hold(MemoryBudget.Reservation reservation) {
        reserved.add(reservation);
    }

    @Override
    public void close() {
        reserved.forEach(MemoryBudget.Reservation::close);
        reserved.clear();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not delete the spooled request " + dir, failed);
        }
    }
}
