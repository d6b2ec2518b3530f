/**
 * Axon's wiring in this deployable: serialization and the upcaster of stored events (ActorUpcaster),
 * auto-configuration order, projection errors and the implementations of the command side's ports (ReadModels,
 * WebsiteCounts), and the one rewrite of stored events, a forgotten person's tombstones (EventErasure). The read
 * model's replay is query-side's (ReadModelReplay); operator starts it.
 */
package io.sites.app.axon;
