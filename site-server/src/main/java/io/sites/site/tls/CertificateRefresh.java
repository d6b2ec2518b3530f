package io.sites.site.tls;

import io.sites.replica.RepeatedWork;
import java.time.Duration;
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
    private final RepeatedWork work;

    CertificateRefresh(SiteCertificates certificates, Duration every) {
        this.certificates = certificates;
        this.work = new RepeatedWork("tls-refresh", every, this::refresh);
    }

    @Override
    public void start() {
        refresh();
        work.start();
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
    public void stop() {
        work.stop();
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }

    /** Before the site ports, which start in a lower phase and stop before it. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1025; // SiteListener.PHASE - 1
    }
}
