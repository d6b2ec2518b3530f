package io.sites.app.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.sites.query.website.ReadModelReplay;
import io.sites.site.directory.SiteDirectory;
import io.sites.site.replica.SiteReplica;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

/** Out of service while the site directory catches up or is behind (readiness) or the read model is rebuilt (health). */
class ReadinessIndicatorsTest {

    @Test
    void aSiteDirectoryNotCaughtUpIsOutOfService() {
        SiteReplica replica = mock(SiteReplica.class);
        when(replica.isReady()).thenReturn(true);
        assertThat(new SiteDirectoryHealthIndicator(new SiteDirectory(), replica).health().getStatus())
                .isEqualTo(Status.OUT_OF_SERVICE);
    }

    @Test
    void aReplicaBehindTheStoreIsOutOfServiceUntilItCatchesUp() {
        SiteDirectory directory = mock(SiteDirectory.class);
        when(directory.isCaughtUp()).thenReturn(true);
        SiteReplica replica = mock(SiteReplica.class);
        when(replica.isReady()).thenReturn(false);
        SiteDirectoryHealthIndicator indicator = new SiteDirectoryHealthIndicator(directory, replica);
        assertThat(indicator.health().getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
        when(replica.isReady()).thenReturn(true);
        assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
    }

    @Test
    void aReadModelBeingRebuiltIsOutOfService() {
        ReadModelReplay replay = mock(ReadModelReplay.class);
        when(replay.isReplaying(ReadModelHealthIndicator.READ_MODEL)).thenReturn(true);
        assertThat(new ReadModelHealthIndicator(replay).health().getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
        when(replay.isReplaying(ReadModelHealthIndicator.READ_MODEL)).thenReturn(false);
        assertThat(new ReadModelHealthIndicator(replay).health().getStatus()).isEqualTo(Status.UP);
    }
}
