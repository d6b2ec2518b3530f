package io.sites.app.axon;

import io.sites.api.id.AccountId;
import io.sites.api.query.CountOwnedWebsites;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.command.limits.WebsiteCounts;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/** The command side's website count, answered by the query side over the query bus. */
@Component
@ConditionalOnRole(ServiceRole.API)
class QueryWebsiteCounts implements WebsiteCounts {
    private final QueryGateway queries;

    QueryWebsiteCounts(QueryGateway queries) {
        this.queries = queries;
    }

    @Override
    public int ownedBy(AccountId owner) {
        return queries.query(new CountOwnedWebsites(owner), ResponseTypes.instanceOf(Integer.class)).join();
    }
}
