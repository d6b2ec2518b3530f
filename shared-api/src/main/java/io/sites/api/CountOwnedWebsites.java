package io.sites.api;

/** How many websites, not deleted, the account owns. Answered with an Integer. */
public record CountOwnedWebsites(AccountId owner) {
}
