package io.sites.app.feed;

import io.sites.api.query.HistoryView;
import org.axonframework.eventhandling.TrackingToken;

/**
 * One website event as the feed hands it on: its place in the store ({@code index}, and the reader's token there)
 * and its history entry. Its JSON is written once, by the first stream that sends it, whichever replica's reader
 * shares it with many streams.
 */
final class FeedEvent {
    final String websiteId;
    final long index;
    final TrackingToken token;
    final HistoryView.Entry entry;
    private String json;

    FeedEvent(String websiteId, long index, TrackingToken token, HistoryView.Entry entry) {
        this.websiteId = websiteId;
        this.index = index;
        this.token = token;
        this.entry = entry;
    }

    synchronized String json(FeedJson writer) {
        if (json == null) {
            json = writer.write(websiteId, entry);
        }
        return json;
    }
}
