package io.sites.app.blobs;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
    private final Duration every;
    private ScheduledExecutorService timer;
    private volatile boolean stopping;

    BlobCollection(BlobCollector collector, @Value("${sites.blob-collection.every:PT1H}") Duration every) {
        this.collector = collector;
        this.every = every;
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
    public synchronized void start() {
        stopping = false;
        if (every.isZero() || every.isNegative()) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "blob-collection");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(this::collectQuietly, every.toMillis(), every.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        stopping = true;
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }
}
