package io.sites.app.feed;

import io.sites.api.event.CollaboratorAdded;
import io.sites.api.event.CollaboratorRemoved;
import io.sites.api.event.DraftClaimed;
import io.sites.api.event.WebsiteCreated;
import io.sites.api.id.AccountId;
import io.sites.api.id.WebsiteId;
import io.sites.api.query.AudienceView;
import io.sites.api.query.ReadAudience;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/**
 * Who may see each website's events in the feed (owner and editors), kept per replica: loaded from the read model
 * once per website, then followed by the live reader through the events that change it. The read model trails the
 * store, so an event's own news comes first: a new website's creator, a new editor, a claimed draft's new owner see
 * it before any projection does. Bounded: past {@value #MAX_WEBSITES} websites it starts again from the read model.
 */
@Component
class FeedAudiences {
    static final int MAX_WEBSITES = 10_000;

    private final QueryGateway queries;
    private final Map<String, Set<AccountId>> audiences = new ConcurrentHashMap<>();

    FeedAudiences(QueryGateway queries) {
        this.queries = queries;
    }

    /** The audience now, for a stream catching up on past events (the same rule as getHistory: who sees it today). */
    Set<AccountId> of(String websiteId) {
        Set<AccountId> known = audiences.get(websiteId);
        return known != null ? known : bounded().computeIfAbsent(websiteId, this::load);
    }

    /** The live reader's step: the audience after this event, which the event's own news has already changed. */
    Set<AccountId> follow(String websiteId, Object payload) {
        return bounded().compute(websiteId, (id, known) -> {
            Set<AccountId> accounts = new HashSet<>(known != null ? known : load(id));
            switch (payload) {
                case WebsiteCreated created -> accounts.add(created.owner());
                case CollaboratorAdded added -> accounts.add(added.collaborator());
                case CollaboratorRemoved removed -> accounts.remove(removed.collaborator());
                case DraftClaimed claimed -> {
                    accounts.remove(claimed.previousOwner());
                    accounts.add(claimed.owner());
                }
                default -> {
                    return known != null ? known : Set.copyOf(accounts);
                }
            }
            return Set.copyOf(accounts);
        });
    }

    /** While nobody listens the reader does not follow, so what it would have changed is read again later. */
    void forget(String websiteId) {
        audiences.remove(websiteId);
    }

    private Map<String, Set<AccountId>> bounded() {
        if (audiences.size() >= MAX_WEBSITES) {
            audiences.clear();
        }
        return audiences;
    }

    private Set<AccountId> load(String websiteId) {
        return queries.query(new ReadAudience(new WebsiteId(websiteId)), ResponseTypes.instanceOf(AudienceView.class))
                .join().accounts();
    }
}
