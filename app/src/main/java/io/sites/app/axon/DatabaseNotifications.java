package io.sites.app.axon;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * PostgreSQL's LISTEN/NOTIFY, for every role: a trigger notifies {@value #EVENTS} after every append and
 * {@value #REPLICAS} when a replica's position or readiness changes (migration V2026_11_23_84). One dedicated
 * connection (not one of the pool's, which it would hold forever) listens; an append wakes the event store, so this
 * process's processors read another process's events at once. Reconnects with backoff; after a reconnect everyone
 * is woken, since notifications sent meanwhile are lost. On H2 (one process) it does nothing: appends wake the store
 * in-process, and waiters poll.
 */
@Component
class DatabaseNotifications implements SmartLifecycle {
    static final String EVENTS = "sites_events";
    static final String REPLICAS = "sites_replicas";
    private static final Logger log = LoggerFactory.getLogger(DatabaseNotifications.class);
    private static final int WAIT_MILLIS = 500;
    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final String url;
    private final String username;
    private final String password;
    private final Map<String, List<Runnable>> listeners = new ConcurrentHashMap<>();
    private volatile boolean running;
    private volatile Thread thread;

    DatabaseNotifications(Environment environment, WakeableEventStore eventStore) {
        this.url = environment.getProperty("spring.datasource.url", "");
        this.username = environment.getProperty("spring.datasource.username");
        this.password = environment.getProperty("spring.datasource.password");
        on(EVENTS, eventStore::wake);
    }

    /** Whether notifications arrive at all; without them (H2) a waiter must poll. */
    boolean pushes() {
        return url.startsWith("jdbc:postgresql:");
    }

    /** Runs on the listening thread for every notification on the channel (and after every reconnect): keep it short. */
    void on(String channel, Runnable listener) {
        listeners.computeIfAbsent(channel, key -> new CopyOnWriteArrayList<>()).add(listener);
    }

    @Override
    public void start() {
        running = true;
        if (pushes()) {
            thread = Thread.ofPlatform().daemon().name("database-notifications").start(this::listen);
        }
    }

    private void listen() {
        long backoff = 100;
        while (running) {
            try (Connection connection = DriverManager.getConnection(url, username, password)) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("listen " + EVENTS + "; listen " + REPLICAS);
                }
                PGConnection notifications = connection.unwrap(PGConnection.class);
                backoff = 100;
                listeners.keySet().forEach(this::dispatch);
                while (running) {
                    PGNotification[] received = notifications.getNotifications(WAIT_MILLIS);
                    if (received != null) {
                        for (PGNotification notification : received) {
                            dispatch(notification.getName());
                        }
                    }
                }
            } catch (SQLException | RuntimeException failed) {
                if (!running) {
                    return;
                }
                log.warn("Listening for database notifications failed; reconnecting in {} ms", backoff, failed);
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException stopping) {
                    return;
                }
                backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
            }
        }
    }

    private void dispatch(String channel) {
        for (Runnable listener : listeners.getOrDefault(channel, List.of())) {
            try {
                listener.run();
            } catch (RuntimeException failed) {
                log.warn("A listener of {} failed", channel, failed);
            }
        }
    }

    @Override
    public void stop() {
        running = false;
        Thread listening = thread;
        if (listening != null) {
            listening.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
