package io.sites.site;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.limits.TestDatabase;
import java.time.Duration;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The ready protocol of a site replica's row: it says ready before anything else (so publishes wait for it), a
 * replica left behind by the store says not ready (row and readiness), and it is ready again only once it has
 * read the head it saw when it came back.
 */
class SiteReplicaReadinessTest {
    private final JdbcTemplate jdbc = TestDatabase.h2().jdbc();

    @Test
    void aReplicaBehindTheStoreIsNotReadyUntilItHasReadTheHead() throws Exception {
        jdbc.execute("create table domainevententry (globalindex bigint primary key)");
        SiteReplica replica = new SiteReplica(jdbc, "test-1", Duration.ofMillis(20), Duration.ofMillis(100));
        replica.reached(GapAwareTrackingToken.newInstance(2, Set.of()));
        replica.announce();
        assertThat(rowReady()).as("ready in the row before the head is read").isTrue();
        assertThat(jdbc.queryForObject("select position from replica where instance = 'test-1'", Long.class))
                .isEqualTo(2);
        for (long event = 1; event <= 9; event++) {
            jdbc.update("insert into domainevententry values (?)", event);
        }
        replica.start();
        try {
            await(() -> !rowReady());
            assertThat(replica.isReady()).as("behind: readiness down").isFalse();

            replica.reached(GapAwareTrackingToken.newInstance(9, Set.of()));
            await(this::rowReady);
            await(replica::isReady);
            assertThat(jdbc.queryForObject("select position from replica where instance = 'test-1'", Long.class))
                    .isEqualTo(9);
        } finally {
            replica.stop();
        }
        assertThat(jdbc.queryForObject("select count(*) from replica", Integer.class)).as("removed at stop")
                .isZero();
    }

    @Test
    void gapsAreRecordedSoThatAnEventInAGapIsNotTakenAsRead() {
        jdbc.execute("create table domainevententry (globalindex bigint primary key)");
        SiteReplica replica = new SiteReplica(jdbc, "test-2", Duration.ofSeconds(1), Duration.ofSeconds(10));
        replica.reached(GapAwareTrackingToken.newInstance(7, Set.of(4L, 5L)));
        replica.announce();
        assertThat(jdbc.queryForObject("select gaps from replica where instance = 'test-2'", String.class))
                .isIn("4,5", "5,4");
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
