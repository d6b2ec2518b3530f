package io.sites.api;

/** The websites the caller owns or edits, most recently updated first, at most {@code limit}. */
public record ListWebsites(AccountId caller, int limit) {
}
