package io.sites.command.publish;

import io.sites.api.id.WebsiteId;
import io.sites.command.website.WebsiteNotFoundException;
import java.util.function.Supplier;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;

/**
 * How an operation sends a command to one website: the id checked before anything is asked of the event store, and
 * the command retried when another replica appended to the same stream first (the aggregate decides again on the
 * newer history). The one copy for the lifecycle, the settings and the domains.
 */
public final class WebsiteCommands {
    private static final int CONCURRENCY_RETRIES = 5;

    private WebsiteCommands() {
    }

    /** Sends, retrying a lost race a few times; a website that does not exist is {@link WebsiteNotFoundException}. */
    public static <T> T send(WebsiteId id, Supplier<T> command) {
        for (int attempt = 1; ; attempt++) {
            try {
                return command.get();
            } catch (ConcurrencyException raced) {
                if (attempt >= CONCURRENCY_RETRIES) {
                    throw raced;
                }
            } catch (AggregateNotFoundException missing) {
                throw new WebsiteNotFoundException(id);
            }
        }
    }

    /** The id, or {@link WebsiteNotFoundException} for text no website could have: as if it did not exist. */
    public static WebsiteId visibleId(String websiteId) {
        if (websiteId == null || !WebsiteId.isWellFormed(websiteId)) {
            throw new WebsiteNotFoundException(websiteId);
        }
        return new WebsiteId(websiteId);
    }
}
