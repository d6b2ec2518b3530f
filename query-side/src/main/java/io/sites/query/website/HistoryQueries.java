package io.sites.query.website;

import io.sites.api.query.HistoryView;
import io.sites.api.query.ReadHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A website's history, read from the event store itself (the aggregate's own stream), not from the read model: a
 * replay of the read model cannot change it, and nothing beside the events has to be kept in step. Only visibility
 * is the read model's (the same rule as every read: owners and editors, until the website is deleted).
 * Sequence numbers of one aggregate have no gaps, so a page is the sequence range just below the cursor, read
 * from its first number on: a page costs its own events, however long the history.
 */
@Component
class HistoryQueries {
    private final EventStore events;
    private final JdbcTemplate jdbc;
    private final ReadTables tables;

    HistoryQueries(EventStore events, JdbcTemplate jdbc, ReadTables tables) {
        this.events = events;
        this.jdbc = jdbc;
        this.tables = tables;
    }

    @QueryHandler
    Optional<HistoryView> handle(ReadHistory query) {
        if (!WebsiteQueries.isVisible(jdbc, tables, query.caller(), query.websiteId())) {
            return Optional.empty();
        }
        String id = query.websiteId().value();
        long end = events.lastSequenceNumberFor(id).orElse(-1L) + 1;
        if (query.before() != null) {
            end = Math.min(end, Math.max(0, query.before()));
        }
        long start = Math.max(0, end - query.limit());
        List<HistoryView.Entry> page = new ArrayList<>();
        if (start < end) {
            // From the first number on, never from a snapshot: readEvents(id) would start at the latest one.
            DomainEventStream stream = events.readEvents(id, start);
            while (stream.hasNext()) {
                DomainEventMessage<?> message = stream.next();
                if (message.getSequenceNumber() >= end) {
                    break;
                }
                HistoryEntries.of(message).ifPresent(page::add);
            }
        }
        return Optional.of(new HistoryView(page.reversed(), start > 0 ? start : null));
    }
}
