package io.sites.app.axon;

import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.replica.ReplicaHeartbeat;
import io.sites.replica.ReplicaRow;
import io.sites.replica.ReplicaRow.Seen;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Shares the read model's segments among the live API replicas. Axon without Axon Server claims segments but never
 * balances them: the first replica would keep all of them. Each API replica keeps a heartbeat row (role
 * {@value ReplicaRow#API}) in {@code replica}, through the replicas module's {@link ReplicaHeartbeat}; every
 * heartbeat it counts the live ones, works out its fair share (the replicas in name order, the first
 * {@code segments % replicas} one more) and releases the segments above it for a while, so that the others claim
 * them. A replica that dies stops extending its claims, and the others take its segments
 * after the token store's claim timeout. A store with fewer segments than configured (made before there were
 * several) is split, one segment a heartbeat, by whoever owns the one to split.
 */
@ConditionalOnRole(ServiceRole.API)
@Component
class ReadModelSegments implements SmartLifecycle {
    static final String READ_MODEL = "read-model";
    private static final Logger log = LoggerFactory.getLogger(ReadModelSegments.class);

    private final EventProcessingConfiguration processing;
    private final JdbcTemplate jdbc;
    private final ReplicaRow row;
    private final ReplicaHeartbeat heartbeat;
    private final long heartbeatMillis;
    private final int segments;
    private volatile boolean running;

    ReadModelSegments(EventProcessingConfiguration processing, JdbcTemplate jdbc, Environment environment,
            ReadModelProperties properties, ReadModelOwner owner) {
        this.processing = processing;
        this.jdbc = jdbc;
        this.row = new ReplicaRow(jdbc, owner.name(), ReplicaRow.API);
        this.heartbeat = new ReplicaHeartbeat(row, "read-model-segments");
        this.heartbeatMillis = properties.replicas().heartbeat().toMillis();
        this.segments = environment.getProperty("axon.eventhandling.processors." + READ_MODEL
                + ".initial-segment-count", Integer.class, 1);
    }

    private void beat() {
        try {
            // Only a replica whose processor runs takes a share: one stopped (a replay, an error backing off) lets
            // its heartbeat age, or the others would keep releasing segments to it that it never claims.
            Optional<StreamingEventProcessor> working = processor()
                    .filter(processor -> processor.isRunning() && !processor.isError());
            if (working.isEmpty()) {
                return;
            }
            if (!row.beat()) {
                row.write(-1, "", true);
            }
            balance(working.get());
        } catch (RuntimeException failed) {
            log.warn("API replica {} could not write its heartbeat or balance the read model", row.instance(),
                    failed);
        }
    }

    private void balance(StreamingEventProcessor processor) {
        int total = processing.tokenStore(READ_MODEL).fetchSegments(READ_MODEL).length;
        List<Integer> owned = new ArrayList<>(processor.processingStatus().keySet());
        if (total == 0 || owned.isEmpty()) {
            return;
        }
        if (total < segments) {
            int widest = processor.processingStatus().values().stream()
                    .max(Comparator.comparingInt(status -> -status.getSegment().getMask()))
                    .map(EventTrackerStatus::getSegment).orElseThrow().getSegmentId();
            log.info("Splitting segment {} of the read model ({} of {} segments)", widest, total, segments);
            processor.splitSegment(widest);
            return;
        }
        List<String> live = live();
        int index = Math.max(0, live.indexOf(row.instance()));
        int replicas = Math.max(1, live.size());
        int share = total / replicas + (index < total % replicas ? 1 : 0);
        owned.sort(Comparator.reverseOrder());
        for (int i = 0; i < owned.size() - share; i++) {
            // Long enough for another replica to claim it (it tries every token-claim-interval, 1 s).
            processor.releaseSegment(owned.get(i), 3 * heartbeatMillis, TimeUnit.MILLISECONDS);
            log.info("Released read-model segment {} ({} live API replicas, share {})", owned.get(i), replicas,
                    share);
        }
    }

    /**
     * The API replicas that get a share, by name, this one included (its row was just written): those that missed
     * fewer than three heartbeats. Stricter than alive: a replica killed a moment ago still counts as alive for a
     * publish's wait, but must not keep the survivors releasing segments that nobody will claim.
     */
    private List<String> live() {
        return ReplicaRow.seen(jdbc, ReplicaRow.API, false).stream()
                .filter(seen -> seen.aliveWithin(3 * heartbeatMillis)).map(Seen::instance).toList();
    }

    private Optional<StreamingEventProcessor> processor() {
        return processing.eventProcessor(READ_MODEL, StreamingEventProcessor.class);
    }

    @Override
    public void start() {
        running = true;
        heartbeat.start(Duration.ZERO, Duration.ofMillis(heartbeatMillis), this::beat);
    }

    @Override
    public void stop() {
        running = false;
        heartbeat.leave();
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
