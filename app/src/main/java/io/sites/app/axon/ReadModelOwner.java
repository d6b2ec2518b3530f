package io.sites.app.axon;

import io.sites.replica.ReplicaInstances;
import io.sites.replica.ReplicaRow;

/**
 * The name this process claims the read model's segments under: the token store's {@code owner} column and the API
 * replica's row in {@code replica} carry the same one, so an operator sees who holds which segment. Axon's default
 * owner (the JVM's pid@host) is the same for two application contexts in one JVM: each then took every segment the
 * other held, and ReadModelSegments' releases ping-ponged between them, the released segments unprocessed between
 * claims.
 */
record ReadModelOwner(String name) {

    static ReadModelOwner of(ReplicaInstances instances) {
        return new ReadModelOwner(instances.claim(ReplicaRow.API));
    }
}
