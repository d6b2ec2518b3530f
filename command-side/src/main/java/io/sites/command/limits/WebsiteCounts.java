package io.sites.command.limits;

import io.sites.api.id.AccountId;

/**
 * How many websites an account owns. A port: the count lives in the read model, which the command side must not
 * read directly; the application wires it to a query.
 */
public interface WebsiteCounts {

    int ownedBy(AccountId owner);

    /** For deployments or tests without a read model: nobody is ever at the limit. */
    static WebsiteCounts none() {
        return owner -> 0;
    }
}
