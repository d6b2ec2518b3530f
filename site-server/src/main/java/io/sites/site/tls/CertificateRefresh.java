package io.sites.site.tls;

import io.sites.replica.BackgroundWork;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Keeps {@link SiteCertificates} current off the serving path: once at start, before the TLS port opens (a new
 * replica serves every certificate from its first handshake), then every {@code sites.tls.refresh}.
 */
final class CertificateRefresh implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(CertificateRefresh.class);

    private final SiteCertificates certificates;
    private final Duration every;
    private ScheduledExecutorService timer;

    CertificateRefresh(SiteCertificates certificates, Duration every) {
        this.certificates = certificates;
        this.every = every;
    }

    @Override
    public synchronized void start() {
        refresh();
        timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("tls-refresh").daemon()
                .factory());
        timer.scheduleWithFixedDelay(this::refresh, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void refresh() {
        try {
            certificates.refresh();
        } catch (RuntimeException e) {
            // The database away for a moment: the certificates held are served meanwhile.
            log.info("Certificates not refreshed this time: {}", e.toString());
        }
    }

    @Override
    public synchronized void stop() {
        if (timer != null) {
            BackgroundWork.stop(timer);
            timer = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }

    /** Before the site ports, which start in a lower phase and stop before it. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1025; // SiteListener.PHASE - 1
    }
}
