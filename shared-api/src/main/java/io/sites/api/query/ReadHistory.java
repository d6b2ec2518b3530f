package io.sites.api.query;

import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;


/**
 * A page of a website's history, newest first: at most {@code limit} events with a sequence number below
 * {@code before} (null: from the newest). Answered with an optional {@link HistoryView}, empty when the caller
 * neither owns nor edits the website or it is deleted.
 */
public record ReadHistory(AccountId caller, WebsiteId websiteId, int limit, Long before) {
}
