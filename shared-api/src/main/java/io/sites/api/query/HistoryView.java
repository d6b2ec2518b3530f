package io.sites.api.query;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A page of a website's history as read from its event stream: the entries newest first, and the cursor of the
 * next (older) page, null on the last page.
 */
public record HistoryView(List<Entry> items, Long next) {

    public HistoryView {
        items = List.copyOf(items);
    }

    /**
     * One event: its sequence number in the website's stream, its type as the history spells it
     * ({@code version.published}), when and by whom, the version it concerns (null when none), the account it
     * concerns besides the actor (a collaborator; null when none) and the event's own details.
     */
    public record Entry(long seq, String type, Instant at, Actor actor, Integer version, AccountId subject,
            Map<String, Object> details) {

        public Entry {
            details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
        }
    }
}
