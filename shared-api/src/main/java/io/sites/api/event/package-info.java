/**
 * Events: what a website's aggregate decided, stored in its stream for ever. Each carries a {@code @Revision};
 * changing an event's shape means a new revision and an upcaster, never an edit of what is stored.
 */
package io.sites.api.event;
