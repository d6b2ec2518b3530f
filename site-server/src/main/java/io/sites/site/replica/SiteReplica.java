package io.sites.site.replica;

import io.sites.replica.ReplicaHeartbeat;
import io.sites.replica.ReplicaRow;
import io.sites.site.directory.DirectoryProgress;
import io.sites.site.directory.SiteDirectory;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * This process's row in {@code replica} (role {@value ReplicaRow#SITES}, written through the replicas module): how
 * far its site directory has read the event stream, whether it is ready, and a heartbeat every
 * {@code sites.replicas.heartbeat}, so that a publish's 201 waits until every live, ready site replica serves the
 * new version. The row goes first at a graceful stop (the highest phase),
 * so publishes stop waiting for a replica that is leaving.
 *
 * <p>Ready protocol, race-free (docs/DECISIONS.md, "Replicas"): at start the row says not ready until the directory
 * has caught up with the store (so a replica reading a long history holds no publish up); then (1) the row says
 * ready, so every publish acknowledged from then on waits for this replica; (2) then the store's head is read;
 * (3) readiness is reported only once the directory has read that head. A replica that stays behind (a head seen at one heartbeat not read
 * {@code behind-after} later) says not ready in its row and to the load balancer, and once it has read the head of
 * the previous heartbeat, starts the protocol again.
 */
public final class SiteReplica implements SmartLifecycle, DirectoryProgress {
    private static final Logger log = LoggerFactory.getLogger(SiteReplica.class);
    /** Gaps of a token, written as a list; more than fits makes the position conservative instead (below them). */
    private static final int MAX_GAPS_TEXT = 4000;

    /**
     * STARTING: the directory is still catching up with the store, the row says not ready; UNANNOUNCED: the row
     * could not be written at start (the database refused), retried every heartbeat.
     */
    private enum State { STARTING, READY, BEHIND, CATCHING_UP, UNANNOUNCED }

    private final JdbcTemplate jdbc;
    private final ReplicaRow row;
    private final BooleanSupplier startedUp;
    private final Duration heartbeat;
    private final Duration behindAfter;
    private final ReplicaHeartbeat writer;
    private final AtomicBoolean positionPending = new AtomicBoolean();
    private volatile TrackingToken token;
    private volatile State state = State.STARTING;
    private volatile long target;
    private volatile long lastHead = -1;
    private long lagHead = -1;
    private long lagSince;
    private volatile boolean announced;
    private volatile boolean running;

    /** @param startedUp whether the directory has caught up with the store's head at start */
    SiteReplica(JdbcTemplate jdbc, String instance, BooleanSupplier startedUp, Duration heartbeat,
            Duration behindAfter) {
        this.jdbc = jdbc;
        this.row = new ReplicaRow(jdbc, instance, ReplicaRow.SITES);
        this.writer = new ReplicaHeartbeat(row, "site-replica");
        this.startedUp = startedUp;
        this.heartbeat = heartbeat;
        this.behindAfter = behindAfter;
    }

    /**
     * At start, before the projection reads: the row exists but says not ready, so publishes do not wait for a
     * replica that is still reading the history; {@link #startedUp()} then runs the three steps.
     */
    @Override
    public void announce() {
        try {
            write(false);
            announced = true;
            log.info("Site replica {} announced, ready once its directory has caught up", row.instance());
        } catch (RuntimeException failed) {
            // Not ready until the row is written; the first heartbeat that manages it runs the protocol again.
            state = State.UNANNOUNCED;
            log.warn("Site replica {} could not write its row; not ready until it can", row.instance(), failed);
        }
    }

    /** An event the directory has read (its change applied): the row follows, on the writer thread. */
    @Override
    public void reached(TrackingToken read) {
        if (read == null) {
            return;
        }
        token = read;
        if (announced && positionPending.compareAndSet(false, true)) {
            writer.execute(() -> {
                positionPending.set(false);
                writePosition();
            });
        }
    }

    /** The directory has caught up with the store's head at start: run the ready protocol now, not at the next beat. */
    @Override
    public void startedUp() {
        try {
            writer.execute(this::beat);
        } catch (RejectedExecutionException stopped) {
            // Stopping: the row is gone or going, nothing to announce.
        }
    }

    /** Not behind (the directory's own start-up catch-up is {@link SiteDirectory#isCaughtUp()}). */
    public boolean isReady() {
        State current = state;
        if (current == State.CATCHING_UP && position() >= target) {
            state = State.READY;
            log.info("Site replica {} caught up again (position {})", row.instance(), target);
            return true;
        }
        return current == State.READY;
    }

    public String instance() {
        return row.instance();
    }

    private void beat() {
        try {
            long head = head();
            long position = position();
            switch (state) {
                case READY -> checkLag(head, position);
                case STARTING -> {
                    if (startedUp.getAsBoolean()) {
                        comeBack();
                    }
                }
                case BEHIND -> {
                    if (position >= lastHead) {
                        comeBack();
                    }
                }
                case UNANNOUNCED -> {
                    write(false);
                    announced = true;
                    state = State.STARTING;
                }
                case CATCHING_UP -> isReady();
            }
            lastHead = head;
            if (!row.beat()) {
                write(state == State.READY || state == State.CATCHING_UP);
            }
        } catch (RuntimeException failed) {
            log.warn("Site replica {} could not write its heartbeat", row.instance(), failed);
        }
    }

    /** Steps (1) and (2): the row says ready, then the head is read; {@link #isReady()} is step (3). */
    private void comeBack() {
        write(true);
        announced = true;
        target = head();
        state = State.CATCHING_UP;
    }

    /** Behind: a head seen at one heartbeat still not read behind-after later. */
    private void checkLag(long head, long position) {
        long now = System.nanoTime();
        if (lagHead < 0 || position >= lagHead) {
            lagHead = position < head ? head : -1;
            lagSince = now;
        } else if (now - lagSince > behindAfter.toNanos()) {
            state = State.BEHIND;
            lagHead = -1;
            write(false);
            log.warn("Site replica {} is behind (at {}, the store at {}); not ready until it catches up",
                    row.instance(), position, head);
        }
    }

    private synchronized void write(boolean ready) {
        Read read = read();
        row.write(read.position(), read.gaps(), ready);
    }

    private synchronized void writePosition() {
        if (!running && !announced) {
            return;
        }
        try {
            Read read = read();
            row.position(read.position(), read.gaps());
        } catch (RuntimeException failed) {
            log.warn("Site replica {} could not record its position", row.instance(), failed);
        }
    }

    /** Position and gaps as stored: an event at or below the position and not among the gaps has been read. */
    private record Read(long position, String gaps) {
    }

    private Read read() {
        TrackingToken current = token;
        if (current instanceof GapAwareTrackingToken gapAware) {
            Set<Long> gaps = gapAware.getGaps();
            String text = gaps.stream().map(String::valueOf).collect(Collectors.joining(","));
            if (text.length() > MAX_GAPS_TEXT) {
                return new Read(gaps.stream().mapToLong(Long::longValue).min().orElseThrow() - 1, "");
            }
            return new Read(gapAware.getIndex(), text);
        }
        return new Read(current == null ? -1 : current.position().orElse(-1), "");
    }

    private long position() {
        TrackingToken current = token;
        return current == null ? -1 : current.position().orElse(-1);
    }

    private long head() {
        return ReplicaRow.head(jdbc);
    }

    @Override
    public void start() {
        running = true;
        writer.start(heartbeat, heartbeat, this::beat);
    }

    /** First of all at a graceful stop: publishes stop waiting for this replica before it stops reading. */
    @Override
    public void stop() {
        running = false;
        announced = false;
        writer.leave();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE;
    }
}
