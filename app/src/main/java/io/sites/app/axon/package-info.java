/**
 * Axon's wiring in this deployable: serialization, auto-configuration order, projection errors, the implementations of
 * the command side's ports (ReadModels, WebsiteCounts) and the read model's replay. operator uses the replay.
 */
package io.sites.app.axon;
