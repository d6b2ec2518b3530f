package io.sites.command.limits;

import io.sites.api.id.AccountId;
import org.springframework.stereotype.Component;

/**
 * The most websites one account may own (deleted ones do not count). A guard, not an invariant: two creates racing
 * on two replicas may both pass at max - 1, which costs one website too many and nothing else.
 */
@Component
public class WebsiteLimit {
    private final int max;
    private final WebsiteCounts counts;

    WebsiteLimit(CommandLimits limits, WebsiteCounts counts) {
        this.max = limits.websitesPerAccount();
        this.counts = counts;
    }

    public int max() {
        return max;
    }

    public boolean allowsAnother(int owned) {
        return owned < max;
    }

    public void requireRoom(AccountId owner) {
        int owned = counts.ownedBy(owner);
        if (!allowsAnother(owned)) {
            throw new WebsiteLimitReachedException(owned, max);
        }
    }
}
