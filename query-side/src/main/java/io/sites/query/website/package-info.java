/**
 * The read model of websites, versions and jobs: the projection that fills the qs_* tables, the query handlers over
 * them, the switch of reads to a copy of the tables (ReadTables) and the replay that rebuilds the model behind it
 * (ReadModelReplay, started by app's operator command). app uses ReadModelReplay and TrackingPositions; everything
 * else is answered through the query bus.
 */
package io.sites.query.website;
