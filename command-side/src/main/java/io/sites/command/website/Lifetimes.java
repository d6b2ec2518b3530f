package io.sites.command.website;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How long a website's versions and the website itself live: the rule of retainVersions and what the Website
 * aggregate needs from outside to apply it and expiresAt (the time now, the operator's default). The aggregate
 * receives it as a resource of its command handlers, so tests give it a clock of their own.
 */
public class Lifetimes {
    /** A version live within this long is a rollback target: never pruned, whatever retainVersions says. */
    public static final Duration ROLLBACK_WINDOW = Duration.ofDays(7);

    private final Clock clock;
    private final Integer defaultRetainVersions;

    /** @param defaultRetainVersions the operator's {@code SITES_RETAIN_VERSIONS}, null for unlimited */
    public Lifetimes(Clock clock, Integer defaultRetainVersions) {
        this.clock = clock;
        this.defaultRetainVersions = defaultRetainVersions == null || defaultRetainVersions < 1
                ? null : defaultRetainVersions;
    }

    Instant now() {
        return clock.instant();
    }

    /** The website's own setting, or else the operator's default; null for unlimited. */
    Integer retain(Integer own) {
        return own != null ? own : defaultRetainVersions;
    }

    /**
     * The versions (ascending) to prune now: every stored version older than the newest {@code retain}, except the
     * live one, one live within {@link #ROLLBACK_WINDOW} ({@code liveUntil}: when each version stopped being live),
     * and those pruned already. Versions are numbered 1 to {@code lastVersion} without gaps.
     */
    static List<Integer> toPrune(int lastVersion, int live, Integer retain, Set<Integer> pruned,
            Map<Integer, Instant> liveUntil, Instant now) {
        List<Integer> prune = new ArrayList<>();
        if (retain == null) {
            return prune;
        }
        Instant windowStart = now.minus(ROLLBACK_WINDOW);
        for (int version = 1; version <= lastVersion - Math.max(1, retain); version++) {
            Instant until = liveUntil.get(version);
            boolean rollbackTarget = until != null && until.isAfter(windowStart);
            if (version != live && !rollbackTarget && !pruned.contains(version)) {
                prune.add(version);
            }
        }
        return prune;
    }
}
