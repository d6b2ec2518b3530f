package io.sites.app.blobs;

import io.sites.replica.RepeatedWork;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Runs {@link BlobCollector} every {@code sites.blob-collection.every} (default an hour; 0 turns it off) on a
 * thread of its own, in every replica: the lease lets one of them work at a time.
 */
@Component
class BlobCollection implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(BlobCollection.class);

    private final BlobCollector collector;
    private final RepeatedWork work;
    private volatile boolean stopping;

    BlobCollection(BlobCollector collector, @Value("${sites.blob-collection.every:PT1H}") Duration every) {
        this.collector = collector;
        this.work = new RepeatedWork("blob-collection", every, this::collectQuietly);
    }

    private void collectQuietly() {
        try {
            BlobCollector.Round round = collector.collect();
            if (round.skipped() != null) {
                log.debug("Blob collection skipped: {}", round.skipped());
            }
        } catch (RuntimeException failed) {
            // Nothing half done is lost: a doomed blob is finished next round, an interrupted one stays doomed.
            if (stopping || Thread.currentThread().isInterrupted()) {
                log.debug("Blob collection cut short by the shutdown: {}", failed.toString());
            } else {
                log.warn("Blob collection failed; retried next round: {}", failed.toString());
            }
        }
    }

    @Override
    public void start() {
        stopping = false;
        work.start();
    }

    /** Without an interrupt, as every background round stops: one inside an embedded H2 write closes the database. */
    @Override
    public void stop() {
        stopping = true;
        work.stop();
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }
}
