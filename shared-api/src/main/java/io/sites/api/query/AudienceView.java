package io.sites.api.query;

import io.sites.api.id.AccountId;
import java.util.Set;

/** The accounts that may see one website's events: its owner and its editors. */
public record AudienceView(Set<AccountId> accounts) {
    public AudienceView {
        accounts = Set.copyOf(accounts);
    }
}
