package io.sites.api.query;

import io.sites.api.id.AccountId;


/** How many websites, not deleted, the account owns. Answered with an Integer. */
public record CountOwnedWebsites(AccountId owner) {
}
