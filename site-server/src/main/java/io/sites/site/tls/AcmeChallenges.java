package io.sites.site.tls;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.sites.replica.RepeatedWork;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The pending HTTP-01 answers, in memory on every site replica, so the challenge path answers from a map on the
 * event loop and a flood of made-up tokens at a custom hostname costs no database read. The rows of {@code
 * acme_challenge} are read again every {@code sites.tls.challenge-refresh} on a thread of their own; the replica
 * whose order writes one holds it at once, and waits {@link #propagation()} (two reads' time) before asking the CA to
 * look, so whichever replica the CA reaches holds it too. A replica whose reads stalled longer answers 404: the
 * order fails with the CA's reason and is tried again after its back-off, never answered wrongly.
 */
final class AcmeChallenges implements SmartLifecycle {
    /** Database reads of the pending challenges: one per refresh, none per request. */
    static final String READS = "sites.tls.challenge.reads";
    private static final Logger log = LoggerFactory.getLogger(AcmeChallenges.class);

    private record Pending(String hostname, String keyAuthorization) {
    }

    private final CertificateRows rows;
    private final Duration every;
    private final Counter reads;
    private volatile Map<String, Pending> byToken = Map.of();
    /** Written by this replica's own orders since the last read: held even if a read raced their insert. */
    private final Map<String, Pending> own = new ConcurrentHashMap<>();
    private final RepeatedWork work;

    AcmeChallenges(CertificateRows rows, Duration every, MeterRegistry registry) {
        this.rows = rows;
        this.every = every;
        this.work = new RepeatedWork("acme-challenges", every, this::refreshQuietly);
        this.reads = Counter.builder(READS).description("Database reads of the pending ACME challenges")
                .register(registry);
    }

    /** The key authorization for a token ordered for this very host; from memory, never blocks. */
    Optional<String> answer(String host, String token) {
        Pending pending = own.get(token);
        if (pending == null) {
            pending = byToken.get(token);
        }
        return pending != null && pending.hostname().equals(host.toLowerCase(Locale.ROOT))
                ? Optional.of(pending.keyAuthorization()) : Optional.empty();
    }

    /** This replica's order: the row first (for the others), then memory (for this one, at once). */
    void place(String token, String keyAuthorization, String hostname, java.time.Instant now) {
        rows.saveChallenge(token, keyAuthorization, hostname, now);
        own.put(token, new Pending(hostname, keyAuthorization));
    }

    void withdraw(String token) {
        own.remove(token);
        rows.deleteChallenge(token);
    }

    /** How long an order waits between writing its answer and asking the CA: every replica has read it by then. */
    Duration propagation() {
        return every.multipliedBy(2);
    }

    /** Reads every pending challenge; the map is replaced whole, so withdrawn ones go with the next read. */
    void refresh() {
        Map<String, Pending> read = new ConcurrentHashMap<>();
        rows.challenges((token, hostname, keyAuthorization) -> read.put(token, new Pending(hostname,
                keyAuthorization)));
        reads.increment();
        byToken = read;
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            // The database away for a moment: the answers held are served meanwhile.
            log.info("ACME challenges not read this time: {}", e.toString());
        }
    }

    @Override
    public void start() {
        refreshQuietly();
        work.start();
    }

    @Override
    public void stop() {
        work.stop();
    }

    @Override
    public boolean isRunning() {
        return work.isRunning();
    }

    /** Before the site ports, which start in a lower phase and stop before it. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1025; // SiteListener.PHASE - 1
    }
}
