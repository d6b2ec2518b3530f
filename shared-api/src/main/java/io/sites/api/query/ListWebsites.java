package io.sites.api.query;

import io.sites.api.id.AccountId;


/**
 * The websites the caller owns or edits, most recently updated first, at most {@code limit}; only the one with
 * {@code slug} when that is given (null: all).
 */
public record ListWebsites(AccountId caller, int limit, String slug) {
    public ListWebsites(AccountId caller, int limit) {
        this(caller, limit, null);
    }
}
