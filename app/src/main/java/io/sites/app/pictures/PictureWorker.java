package io.sites.app.pictures;

import io.sites.api.id.AccountId;
import io.sites.api.query.FindWebsite;
import io.sites.api.event.VersionPublished;
import io.sites.api.event.VersionsPruned;
import io.sites.api.event.WebsiteDeleted;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.WebsiteView;
import io.sites.app.SiteUrls;
import io.sites.app.roles.ServiceRole;
import io.sites.app.roles.Roles;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.queryhandling.QueryGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Takes each new version's picture once, on its own thread: the handler (a subscribing processor, so only the
 * replica that stored the version hears it, and no replay ever re-runs it) only queues the work after the publish
 * has committed; the one worker thread waits for the read model and the site server to have the version, then runs
 * Chromium against this replica's site server on loopback. A full queue skips the picture (the pages fall back).
 * The pictures of a deleted website or a pruned version are forgotten with them.
 */
@Component
@ProcessingGroup(PictureWorker.GROUP)
@EnableConfigurationProperties(PictureProperties.class)
class PictureWorker {
    static final String GROUP = "version-pictures";
    private static final Logger log = LoggerFactory.getLogger(PictureWorker.class);
    /** How long the worker waits for the read model and the site server to show a new version: 80 × 250 ms. */
    private static final int TRIES = 80;

    private final PictureProperties properties;
    private final VersionPictures pictures;
    private final QueryGateway queries;
    private final SiteUrls urls;
    private final Environment environment;
    private final ThreadPoolExecutor worker;
    private final boolean enabled;
    /** Set when the service stops: what the stop interrupts is neither a failure to record nor one to warn of. */
    private volatile boolean stopping;
    /** The Chromium of the picture under way, killed by {@link #stop()}. */
    private volatile Chromium current;

    PictureWorker(PictureProperties properties, VersionPictures pictures, QueryGateway queries, SiteUrls urls,
            Environment environment) {
        this.properties = properties;
        this.pictures = pictures;
        this.queries = queries;
        this.urls = urls;
        this.environment = environment;
        // A replica without the site server has nothing on loopback to photograph, unless told where it is.
        this.enabled = properties.enabled()
                && (Roles.of(environment).has(ServiceRole.SITES) || properties.sitePort() != null);
        if (enabled && !chromium().available()) {
            // Said once here rather than once per publish: the pages show the site's icon instead.
            log.info("Version pictures: no Chromium at {} (sites.pictures.chromium); the pages show the sites' icons",
                    properties.chromium());
        }
        this.worker = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(properties.queue()),
                task -> {
                    Thread thread = new Thread(task, "version-pictures");
                    thread.setDaemon(true);
                    return thread;
                }, (task, executor) -> log.info("A version's picture was skipped: {} are waiting already",
                        executor.getQueue().size()));
    }

    @EventHandler
    void on(VersionPublished event) {
        if (!enabled) {
            return;
        }
        Runnable take = () -> worker.execute(() -> render(event.websiteId(), event.version(), event.publishedBy(),
                chromium()));
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().afterCommit(unit -> take.run());
        } else {
            take.run();
        }
    }

    /**
     * A deleted website's pictures, and a pruned version's, go with them: the pages no longer show them, and the
     * blob they name is no longer kept for them. In the transaction of the event, on the replica that decided it.
     */
    @EventHandler
    void on(WebsiteDeleted event) {
        pictures.forget(event.websiteId(), List.of());
    }

    @EventHandler
    void on(VersionsPruned event) {
        pictures.forget(event.websiteId(), event.versions());
    }

    Chromium chromium() {
        return new Chromium(properties.chromium(), properties.timeout(), properties.width(), properties.height());
    }

    /** Takes (or fails to take) one version's picture, once, and records the outcome. */
    void render(WebsiteId website, int version, AccountId publisher, Chromium chromium) {
        try {
            if (pictures.attempted(website, version)) {
                return;
            }
            Optional<WebsiteView> found = awaitVersion(website, version, publisher);
            if (found.isEmpty()) {
                fail(website, version, "the version never appeared in the read model");
                return;
            }
            WebsiteView view = found.get();
            if (view.passwordProtected() || view.slug() == null) {
                // A protected site would show its password prompt; its icon tells more.
                pictures.failed(website, version, "skipped: the site has a password");
                return;
            }
            URI preview = URI.create(urls.preview(website, version, view.slug()));
            URI plain = URI.create("http://" + preview.getRawAuthority() + preview.getRawPath()
                    + (preview.getRawQuery() == null ? "" : "?" + preview.getRawQuery()));
            int port = sitePort();
            if (!SiteProbe.awaitServed(plain, port, TRIES, () -> stopping)) {
                fail(website, version, "the site server never served the version");
                return;
            }
            current = chromium;
            if (stopping) {
                return;
            }
            pictures.stored(website, version, chromium.screenshot(plain, port));
        } catch (Chromium.PictureFailed failed) {
            if (chromium.available() && !stopping) {
                log.info("No picture of version {} of {}: {}", version, website.value(), failed.getMessage());
            }
            fail(website, version, failed.getMessage());
        } catch (IOException | RuntimeException broken) {
            if (stopping) {
                log.info("Stopped before the picture of version {} of {}", version, website.value());
            } else {
                log.warn("No picture of version {} of {}", version, website.value(), broken);
            }
        }
    }

    /**
     * Records why a version has no picture, except while the service stops: a picture the stop cut short is not a
     * verdict on the version, and the database may already be closing.
     */
    private void fail(WebsiteId website, int version, String reason) {
        if (!stopping) {
            pictures.failed(website, version, reason);
        }
    }

    private Optional<WebsiteView> awaitVersion(WebsiteId website, int version, AccountId publisher) {
        for (int i = 0; i < TRIES; i++) {
            Optional<WebsiteView> view = queries.query(new FindWebsite(publisher, website),
                    ResponseTypes.optionalInstanceOf(WebsiteView.class)).join();
            if (view.isPresent() && view.get().versions().stream().anyMatch(v -> v.version() == version)) {
                return view;
            }
            if (!SiteProbe.pause(() -> stopping)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private int sitePort() {
        if (properties.sitePort() != null) {
            return properties.sitePort();
        }
        String own = environment.getProperty("sites.site-server.port");
        return own != null && !own.isBlank() ? Integer.parseInt(own.strip())
                : environment.getRequiredProperty("local.server.port", Integer.class);
    }

    /**
     * The context starts closing: Spring tells this before it stops any lifecycle, so before the query handlers this
     * worker asks go. From now on no picture is begun and a failure is the stop's, not the version's (a long queue
     * met "no handler for FindWebsite" while {@link #stop} was still to come).
     */
    @EventListener(ContextClosedEvent.class)
    void closing() {
        stopping = true;
        worker.getQueue().clear();
    }

    /**
     * Stops without interrupting the worker: it may be inside a query or a write, and an interrupt that lands in an
     * embedded H2 write closes the whole database. Waiting work is dropped, a running Chromium is killed (its picture
     * then fails quietly, see {@link #stopping}), and the waits end at their next pause.
     */
    @PreDestroy
    void stop() throws InterruptedException {
        stopping = true;
        worker.getQueue().clear();
        worker.shutdown();
        Chromium taking = current;
        if (taking != null) {
            taking.kill();
        }
        worker.awaitTermination(5, TimeUnit.SECONDS);
    }
}
