package io.sites.site.transport;

import org.springframework.context.SmartLifecycle;

/**
 * The site port's HTTPS twin ({@code sites.site-server.tls-port}): the same connections and answers as the plain
 * port, behind a TLS handshake whose certificate SNI picks from memory. A bean of its own type, so the plain port
 * stays the one {@link SiteListener} others ask for.
 */
final class SiteTlsListener implements SmartLifecycle {
    private final SiteListener listener;

    SiteTlsListener(SiteListener listener) {
        this.listener = listener;
    }

    /** The bound port, or -1 before start. */
    int port() {
        return listener.port();
    }

    @Override
    public void start() {
        listener.start();
    }

    @Override
    public void stop() {
        listener.stop();
    }

    @Override
    public void stop(Runnable callback) {
        listener.stop(callback);
    }

    @Override
    public boolean isRunning() {
        return listener.isRunning();
    }

    @Override
    public int getPhase() {
        return SiteListener.PHASE;
    }
}
