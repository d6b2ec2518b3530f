package io.sites.replica;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The instance names this process keeps rows under, one per role it runs: the configured replica name (stable across
 * restarts, and possibly shared by two processes on one host) and a random suffix of its own. A publish's wait asks
 * here which site replica is this process's own, so it never waits for itself through the database.
 */
@Component
public class ReplicaInstances {
    private final String replica;
    private final Map<String, String> claimed = new ConcurrentHashMap<>();

    ReplicaInstances(@Value("${sites.site-server.replica:local}") String replica) {
        this.replica = replica;
    }

    /** This process's instance name for a role ({@link ReplicaRow#SITES}, {@link ReplicaRow#API}), made once. */
    public String claim(String role) {
        return claimed.computeIfAbsent(role, unused -> ReplicaRow.newInstance(replica));
    }

    /** The name this process keeps a row of the role under, if it runs the role. */
    public Optional<String> claimed(String role) {
        return Optional.ofNullable(claimed.get(role));
    }
}
