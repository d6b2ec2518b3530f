package io.sites.app.usecases;

import io.sites.api.id.AccountId;

/**
 * Told (as a Spring application event, synchronously) when {@link AccountErasure} has forgotten an account, so that a
 * feature keeping the person's words in rows of its own forgets them too without the use cases knowing the feature.
 */
public record AccountForgotten(AccountId account, String erasedName) {
}
