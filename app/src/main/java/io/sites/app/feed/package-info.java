/**
 * The live event feed ({@code GET /v1/events}): a website's history entries pushed as they are stored. One
 * {@link io.sites.app.feed.FeedReader} per replica follows the shared event store (woken like every other reader
 * of it) and hands each website event to the streams whose account may see it ({@link io.sites.app.feed.FeedAudiences});
 * each {@link io.sites.app.feed.FeedStream} catches up from its cursor ({@link io.sites.app.feed.FeedCursor}) in
 * the store, then takes the reader's events from a bounded buffer. {@link io.sites.app.feed.EventFeed} opens them
 * (authorization, the per-account cap). Nothing here knows HTTP: the REST adapter gives each stream a
 * {@link io.sites.app.feed.FeedSink}.
 */
package io.sites.app.feed;
