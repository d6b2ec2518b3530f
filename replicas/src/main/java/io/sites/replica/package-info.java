/**
 * Replica coordination, below the roles: the one owner of the {@code replica} table (ReplicaRow: rows, who is alive,
 * the store's head), the thread that beats and removes a process's row (ReplicaHeartbeat), this process's instance
 * names (ReplicaInstances), whether a processor has handled an event (TrackingPositions, SharedTokens), and the two
 * waits of read-your-writes (ReadModelWait, then SiteReplicaWait). The site replica (site-server) and the API replica
 * (app) call it; it knows neither, nor any role: plain Spring JDBC and Axon's messaging types. RepeatedWork runs either's
 * background rounds (refreshes, sweeps, watches, flushes), and BackgroundWork is how they stop: never by an interrupt.
 */
package io.sites.replica;
