package io.sites.command.remote;

import io.sites.api.blob.BlobStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The life of each blob (table {@code stored_blob}): writers touch the blobs they refer to, in the transaction
 * that refers to them; the collector dooms a blob nobody touched within the grace period, then removes its bytes
 * under the row's lock. The protocol and why no acknowledged version can lose a byte: docs/ARCHITECTURE.md, "The
 * life of a blob". Invariant: a row that is {@code sure} names bytes that exist, because a row becomes sure only
 * after the bytes were seen under its lock, and bytes are removed only under the lock of a row that is not sure.
 */
@Component
public class StoredBlobs {
    /** Rows per statement: bounded IN lists, and locks taken in digest order across chunks. */
    private static final int CHUNK = 500;
    /**
     * A row touched within this part of the grace is left as it is by a touch: see {@link #touch}. A twenty-fourth
     * (an hour of the default day) keeps the margin of the collector's proof at 23/24 of the grace.
     */
    private static final int FRESH_PARTS = 24;
    private static final String INSERT = "insert into stored_blob (sha256, touched_at, sure) values (?, ?, false)"
            + " on conflict do nothing";

    private final JdbcTemplate jdbc;
    private final BlobStore blobs;
    private final Clock clock;
    private final TransactionTemplate transaction;
    private final Duration grace;

    StoredBlobs(JdbcTemplate jdbc, BlobStore blobs, Clock clock, PlatformTransactionManager transactions,
            @Value("${sites.blob-collection.grace:PT24H}") Duration grace) {
        this.grace = grace;
        this.jdbc = jdbc;
        this.blobs = blobs;
        this.clock = clock;
        this.transaction = new TransactionTemplate(transactions);
    }

    /** How long a blob nothing touches or refers to is kept: the collector's cutoff is now minus this. */
    public Duration grace() {
        return grace;
    }

    /**
     * Records that these blobs are referred to now. Joins the caller's transaction (a publish's command) or runs
     * its own; throws {@link BlobsGoneException}, rolling it back, if any blob's bytes are no longer stored.
     *
     * <p>A row that is sure, not doomed and touched within the last {@code grace / 24} is neither locked nor
     * written: a republish of a big site names a hundred thousand such rows. Safe because a sweep dooms only a
     * row untouched since its round's start minus the grace, so no round that began before this transaction
     * commits can doom it, and every round that begins after marks it through the version this transaction
     * appends (docs/ARCHITECTURE.md, "The life of a blob").
     */
    public void touch(Collection<String> digests) {
        List<String> sorted = List.copyOf(new TreeSet<>(digests)); // one lock order for every writer and the sweep
        if (sorted.isEmpty()) {
            return;
        }
        transaction.executeWithoutResult(status -> {
            Set<String> gone = new TreeSet<>();
            for (int from = 0; from < sorted.size(); from += CHUNK) {
                gone.addAll(touchChunk(sorted.subList(from, Math.min(sorted.size(), from + CHUNK))));
            }
            if (!gone.isEmpty()) {
                throw new BlobsGoneException(gone);
            }
        });
    }

    private Set<String> touchChunk(List<String> digests) {
        Instant at = clock.instant();
        Timestamp now = Timestamp.from(at);
        Timestamp fresh = Timestamp.from(at.minus(grace.dividedBy(FRESH_PARTS)));
        // Only the digests without a row are inserted: a republish names thousands that have one, and H2 answers
        // each duplicate of an "on conflict do nothing" by raising and catching an exception inside. A row a sweep
        // removes after this read is found missing below, under the lock, as if the insert had come first.
        Map<String, Boolean> settled = new HashMap<>();
        jdbc.query("select sha256, sure, touched_at, doomed_at from stored_blob where sha256 in ("
                + marks(digests.size()) + ")", row -> {
                    settled.put(row.getString(1), row.getBoolean(2) && row.getTimestamp(4) == null
                            && !row.getTimestamp(3).before(fresh));
                }, digests.toArray());
        List<String> absent = digests.stream().filter(sha -> !settled.containsKey(sha)).toList();
        jdbc.batchUpdate(INSERT, absent, absent.size(), (statement, sha) -> {
            statement.setString(1, sha);
            statement.setTimestamp(2, now);
        });
        List<String> open = digests.stream().filter(sha -> !settled.getOrDefault(sha, false)).toList();
        return open.isEmpty() ? Set.of() : touchLocked(open, now);
    }

    /** Locks the rows (in digest order), verifies the ones not sure against the store, touches the others. */
    private Set<String> touchLocked(List<String> digests, Timestamp now) {
        Map<String, Boolean> rows = new HashMap<>();
        jdbc.query("select sha256, sure from stored_blob where sha256 in (" + marks(digests.size())
                + ") order by sha256 for update", row -> {
                    rows.put(row.getString(1), row.getBoolean(2));
                }, digests.toArray());
        Set<String> gone = new TreeSet<>();
        List<String> alive = new ArrayList<>(digests.size());
        for (String sha : digests) {
            Boolean sure = rows.get(sha);
            // No row: a sweep removed it between our insert and its commit; not sure: adopted or doomed. Either
            // way only the store can tell, and under the lock no sweep can remove the bytes while we ask.
            if (sure == null || !sure && !exists(sha)) {
                gone.add(sha);
            } else {
                alive.add(sha);
            }
        }
        if (!alive.isEmpty()) {
            List<Object> arguments = new ArrayList<>(alive.size() + 1);
            arguments.add(now);
            arguments.addAll(alive);
            jdbc.update("update stored_blob set touched_at = ?, sure = true, doomed_at = null where sha256 in ("
                    + marks(alive.size()) + ")", arguments.toArray());
        }
        return gone;
    }

    private boolean exists(String sha) {
        try {
            return blobs.contains(sha);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not ask the blob store for " + sha, e);
        }
    }

    /** Blobs found in the store without a row (a write whose reference never came, or older data): born now. */
    public int adopt(List<String> digests) {
        Timestamp now = Timestamp.from(clock.instant());
        int[][] counts = jdbc.batchUpdate(INSERT, digests, digests.size(), (statement, sha) -> {
            statement.setString(1, sha);
            statement.setTimestamp(2, now);
        });
        int adopted = 0;
        for (int[] batch : counts) {
            for (int count : batch) {
                adopted += Math.max(count, 0);
            }
        }
        return adopted;
    }

    /**
     * The sweep's first step, in its own transaction: the blob stops being sure, and is doomed now, if nothing
     * touched it since the cutoff. Committed before any byte goes, so a crash after it leaves a row every writer
     * verifies; and its bytes go only in a later round ({@link #collect}), whose mark is read after this commit.
     */
    public boolean doom(String sha, Instant cutoff) {
        return Boolean.TRUE.equals(transaction.execute(status -> {
            Row row = locked(sha);
            if (row == null || !row.touched().isBefore(cutoff)) {
                return false;
            }
            jdbc.update("update stored_blob set sure = false, doomed_at = ? where sha256 = ?",
                    Timestamp.from(clock.instant()), sha);
            return true;
        }));
    }

    /**
     * The sweep's second step: under the row's lock, if it was doomed before this round began ({@code roundStart}:
     * so this round's mark, read after that doom committed, has every version that touched it before) and nothing
     * touched it since, removes the bytes ({@code remove}), the accounts' records of the digest, the findings kept for it and the row, and
     * commits. A crash before the commit leaves the row doomed (a later round finishes it); a writer waiting for the
     * lock finds no row and stores the bytes again or answers UNKNOWN_DIGEST.
     */
    public boolean collect(String sha, Instant cutoff, Instant roundStart, BytesRemoval remove) {
        return Boolean.TRUE.equals(transaction.execute(status -> {
            Row row = locked(sha);
            if (row == null || row.sure() || row.doomed() == null || !row.doomed().isBefore(roundStart)
                    || !row.touched().isBefore(cutoff)) {
                return false;
            }
            try {
                remove.remove(sha);
            } catch (IOException e) {
                throw new UncheckedIOException("Could not remove blob " + sha, e);
            }
            jdbc.update("delete from account_blob where sha256 = ?", sha);
            jdbc.update("delete from file_findings where sha256 = ?", sha);
            jdbc.update("delete from stored_blob where sha256 = ?", sha);
            return true;
        }));
    }

    /** Whether the row was doomed by an earlier round (the collector then tries {@link #collect}). */
    public boolean doomed(String sha) {
        return Boolean.TRUE.equals(jdbc.query("select doomed_at from stored_blob where sha256 = ?",
                rs -> rs.next() && rs.getTimestamp(1) != null, sha));
    }

    /** The row, locked until the transaction ends; PostgreSQL and H2 both answer its latest committed state. */
    private Row locked(String sha) {
        return jdbc.query("select touched_at, sure, doomed_at from stored_blob where sha256 = ? for update",
                rs -> rs.next() ? new Row(rs.getTimestamp(1).toInstant(), rs.getBoolean(2),
                        rs.getTimestamp(3) == null ? null : rs.getTimestamp(3).toInstant()) : null, sha);
    }

    private record Row(Instant touched, boolean sure, Instant doomed) {
    }

    private static String marks(int count) {
        return String.join(",", java.util.Collections.nCopies(count, "?"));
    }

    /** Removes a blob's bytes from the store (the collector's {@code BlobSweep.delete}). */
    @FunctionalInterface
    public interface BytesRemoval {
        void remove(String sha256) throws IOException;
    }
}
