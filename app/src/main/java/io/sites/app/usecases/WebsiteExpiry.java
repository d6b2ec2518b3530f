package io.sites.app.usecases;

import io.sites.api.id.WebsiteId;
import io.sites.api.command.WarnExpiryCommand;
import io.sites.api.query.FindExpiredWebsites;
import io.sites.api.query.FindExpiringWebsites;
import io.sites.command.publish.WebsiteSettingsChanges;
import io.sites.replica.RepeatedWork;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Deletes websites whose expiresAt has come, as their owner would (the history says "expiry"): every
 * {@code sites.expiry-sweep} (default a minute) it asks the read model for due websites and sends each a command
 * the aggregate checks against its own expiresAt. Every API replica sweeps: two at once are harmless (the second
 * finds it deleted), and a setting changed after the read model was read wins. The same round warns the owners of
 * websites that expire within 24 hours ({@code ExpiryWarned}, once per expiresAt, the aggregate's decision as well).
 * Both events, in the website's history ({@code website.expiring}, {@code website.deleted} by expiry), are what the
 * owner's webhooks tell.
 */
@Component
public class WebsiteExpiry implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(WebsiteExpiry.class);
    /** Websites expired per round at most; the next round takes the rest. */
    private static final int BATCH = 100;

    private final QueryGateway queries;
    private final WebsiteSettingsChanges settings;
    private final Clock clock;
    private final RepeatedWork work;

    WebsiteExpiry(QueryGateway queries, WebsiteSettingsChanges settings, Clock clock,
            @Value("${sites.expiry-sweep:PT1M}") Duration interval) {
        this.queries = queries;
        this.settings = settings;
        this.clock = clock;
        this.work = new RepeatedWork("website-expiry", interval, this::sweepQuietly);
    }

    /** One round: the number of websites this call deleted (after warning those due a warning). */
    public int sweep() {
        warn();
        List<WebsiteId> due = queries.query(new FindExpiredWebsites(clock.instant(), BATCH),
                ResponseTypes.multipleInstancesOf(WebsiteId.class)).join();
        int deleted = 0;
        for (WebsiteId websiteId : due) {
            try {
                if (settings.expire(websiteId)) {
                    deleted++;
                }
            } catch (RuntimeException failed) {
                // One website's failure must not stop the others; it is due again next round.
                log.warn("Expiry of {} failed; retried next round", websiteId.value(), failed);
            }
        }
        if (deleted > 0) {
            log.info("Expiry deleted {} websites", deleted);
        }
        return deleted;
    }

    /** The warnings of one round: the number of owners this call warned. */
    int warn() {
        List<WebsiteId> expiring = queries.query(new FindExpiringWebsites(clock.instant(),
                clock.instant().plus(WarnExpiryCommand.AHEAD), BATCH),
                ResponseTypes.multipleInstancesOf(WebsiteId.class)).join();
        int warned = 0;
        for (WebsiteId websiteId : expiring) {
            try {
                if (settings.warnExpiry(websiteId)) {
                    warned++;
                }
            } catch (RuntimeException failed) {
                log.warn("Expiry warning of {} failed; retried next round", websiteId.value(), failed);
            }
        }
        if (warned > 0) {
            log.info("Expiry warned the owners of {} websites", warned);
        }
        return warned;
    }

    private void sweepQuietly() {
        try {
            sweep();
        } catch (RuntimeException failed) {
            log.warn("Expiry sweep failed; retried next round", failed);
        }
    }

    @Override
    public void start() {
        work.start();
    }

    @Override
    public void stop() {
        work.stop();
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }
}
