package io.sites.site.replica;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.limits.TestDatabase;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The ready protocol of a site replica's row: not ready while its directory reads the history (publishes do not
 * wait for it), then ready in the row before the head is read and ready to the load balancer once that head is
 * read; a replica left behind by the store says not ready (row and readiness) until it has caught up again.
 */
class SiteReplicaReadinessTest {
    private final JdbcTemplate jdbc = TestDatabase.h2().jdbc();

    @Test
    void aReplicaIsReadyOnlyAfterItsDirectoryCaughtUpAndAgainAfterFallingBehind() throws Exception {
        jdbc.execute("create table domainevententry (globalindex bigint primary key)");
        AtomicBoolean directoryCaughtUp = new AtomicBoolean();
        SiteReplica replica = new SiteReplica(jdbc, "test-1", directoryCaughtUp::get, Duration.ofMillis(20),
                Duration.ofMillis(100));
        replica.reached(GapAwareTrackingToken.newInstance(2, Set.of()));
        replica.announce();
        assertThat(rowReady()).as("not ready in the row while the directory reads the history").isFalse();
        assertThat(jdbc.queryForObject("select position from replica where instance = 'test-1'", Long.class))
                .isEqualTo(2);
        insertEvents(1, 9);
        replica.start();
        try {
            Thread.sleep(200);
            assertThat(rowReady()).as("still catching up after several heartbeats").isFalse();
            assertThat(replica.isReady()).isFalse();

            directoryCaughtUp.set(true);
            replica.startedUp();
            await(this::rowReady);
            assertThat(replica.isReady()).as("the row says ready before the head (9) is read").isFalse();
            replica.reached(GapAwareTrackingToken.newInstance(9, Set.of()));
            await(replica::isReady);

            insertEvents(10, 12);
            await(() -> !rowReady());
            assertThat(replica.isReady()).as("behind: readiness down").isFalse();
            replica.reached(GapAwareTrackingToken.newInstance(12, Set.of()));
            await(this::rowReady);
            await(replica::isReady);
            assertThat(jdbc.queryForObject("select position from replica where instance = 'test-1'", Long.class))
                    .isEqualTo(12);
        } finally {
            replica.stop();
        }
        assertThat(jdbc.queryForObject("select count(*) from replica", Integer.class)).as("removed at stop")
                .isZero();
    }

    @Test
    void gapsAreRecordedSoThatAnEventInAGapIsNotTakenAsRead() {
        jdbc.execute("create table domainevententry (globalindex bigint primary key)");
        SiteReplica replica = new SiteReplica(jdbc, "test-2", () -> true, Duration.ofSeconds(1),
                Duration.ofSeconds(10));
        replica.reached(GapAwareTrackingToken.newInstance(7, Set.of(4L, 5L)));
        replica.announce();
        assertThat(jdbc.queryForObject("select gaps from replica where instance = 'test-2'", String.class))
                .isIn("4,5", "5,4");
    }

    private void insertEvents(long first, long last) {
        for (long event = first; event <= last; event++) {
            jdbc.update("insert into domainevententry values (?)", event);
        }
    }

    private boolean rowReady() {
        return Boolean.TRUE.equals(jdbc.queryForObject("select ready from replica where instance = 'test-1'",
                Boolean.class));
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 500 && !condition.getAsBoolean(); i++) {
            Thread.sleep(20);
        }
        assertThat(condition.getAsBoolean()).isTrue();
    }
}
