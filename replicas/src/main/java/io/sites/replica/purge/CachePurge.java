package io.sites.replica.purge;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The purge step of a write's answer: purges the website's tag through the configured purger and waits for it, at
 * most the timeout. Like the replica wait it never fails the write (the version is stored and acknowledged; failing
 * now would invite a duplicate): a purge that runs out or fails is logged as a WARN and answered anyway.
 *
 * <p>Timed as {@value #NAME}, tagged {@code purger} and {@code outcome}: {@code purged}, {@code timeout}, {@code failed}.
 */
public final class CachePurge {
    static final String NAME = "sites.cache.purge";
    private static final Logger log = LoggerFactory.getLogger(CachePurge.class);

    private final CachePurger purger;
    private final Duration timeout;
    private final MeterRegistry registry;

    /** @param purger null: no shared cache to purge ({@code sites.cache.purger=none}) */
    public CachePurge(CachePurger purger, Duration timeout, MeterRegistry registry) {
        this.purger = purger;
        this.timeout = timeout;
        this.registry = registry;
    }

    public static CachePurge of(PurgeSettings settings, MeterRegistry registry) {
        return new CachePurge(CachePurger.of(settings, CachePurger.client()), settings.timeout(), registry);
    }

    /** The tag every answer of a website carries (site-server's SharedCache) and a write of it purges. */
    public static String siteTag(String websiteId) {
        return "site-" + websiteId;
    }

    public boolean enabled() {
        return purger != null;
    }

    /** Purges the tag; returns whether the cache confirmed it within the timeout. */
    public boolean purge(String tag) {
        if (purger == null) {
            return true;
        }
        Timer.Sample sample = Timer.start(registry);
        String outcome = "purged";
        try {
            purger.purge(tag, timeout).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            boolean late = e instanceof TimeoutException
                    || e.getCause() instanceof java.net.http.HttpTimeoutException;
            outcome = late ? "timeout" : "failed";
            log.warn("{} purge of {} {} after {}; answering anyway: {}", purger.name(), tag,
                    late ? "did not finish" : "failed", timeout, late ? "timeout" : String.valueOf(e.getCause()));
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = "failed";
            return false;
        } finally {
            sample.stop(Timer.builder(NAME).description("A write purging its website's tag from the shared cache")
                    .tag("purger", purger.name()).tag("outcome", outcome).register(registry));
        }
    }
}
