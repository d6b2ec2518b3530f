/**
 * The read model of websites, versions and jobs: the projection that fills the qs_* tables, the query handlers over
 * them, the switch of reads to a copy of the tables (ReadTables) and the replay that rebuilds the model behind it
 * (ReadModelReplay, started by app's operator command); and a website's history, which HistoryQueries reads from
 * the event store itself (HistoryEntries names each event type). app uses ReadModelReplay (which tells when it has
 * read the head with the replicas module's TrackingPositions) and ErasedWebsites (the rows of a forgotten person's
 * websites); everything else is answered through the query bus.
 */
package io.sites.query.website;
