package io.sites.cases;

import java.security.SecureRandom;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

/**
 * The cases of a {@link Property}: {@code tries} drawn from a fixed seed, the same in every run (CI's included),
 * and as many from this run's own random seed, so that each run also looks somewhere new. Each case draws from a
 * random source of its own, made from its seed and number, so {@code -Dsites.seed=<seed>} replays a failing case:
 * it draws the cases of that one seed only, the failing one among them.
 */
public final class Cases {
    /** The seed every run draws from. Changing it moves CI to other cases: do it on purpose only. */
    public static final long FIXED_SEED = 40L;
    /** The system property that replaces both seeds with one, to replay a run. */
    public static final String SEED_PROPERTY = "sites.seed";

    private static final long RUN_SEED = new SecureRandom().nextLong();

    private final int tries;
    private final List<Gen<?>> parameters;

    private Cases(int tries, List<Gen<?>> parameters) {
        this.tries = tries;
        this.parameters = parameters;
    }

    /** {@code tries} cases per seed, each one value of every generator, in the order of the property's parameters. */
    public static Cases tries(int tries, Gen<?>... parameters) {
        if (tries < 1) {
            throw new IllegalArgumentException("A property needs at least one try, not " + tries + ".");
        }
        return new Cases(tries, List.of(parameters));
    }

    public int tries() {
        return tries;
    }

    public int parameters() {
        return parameters.size();
    }

    /** The values of case {@code number} (1 to {@link #tries()}) of a seed: the same on every call. */
    public Object[] draw(long seed, int number) {
        RandomGenerator random = random(seed, number);
        Object[] values = new Object[parameters.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = parameters.get(i).draw(random);
        }
        return values;
    }

    /** The share of this run's cases for which the test holds: shows that a generator reaches what matters. */
    public double share(Predicate<Object[]> test) {
        long held = seeds().stream()
                .flatMap(seed -> IntStream.rangeClosed(1, tries).mapToObj(number -> draw(seed, number)))
                .filter(test).count();
        return (double) held / (tries * (long) seeds().size());
    }

    /** The seeds of this run: the fixed one and this run's, or the one {@value #SEED_PROPERTY} names. */
    public static List<Long> seeds() {
        String replay = System.getProperty(SEED_PROPERTY, "").strip();
        if (replay.isEmpty()) {
            return List.of(FIXED_SEED, RUN_SEED);
        }
        try {
            return List.of(Long.parseLong(replay));
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException(SEED_PROPERTY + " is a seed a property run printed (a whole number), "
                    + "not '" + replay + "'.", notANumber);
        }
    }

    /** Where a seed comes from, for the test's name: the fixed one, this run's or the one asked for. */
    static String origin(long seed) {
        if (!System.getProperty(SEED_PROPERTY, "").isBlank()) {
            return "replayed";
        }
        return seed == FIXED_SEED ? "fixed" : "this run's";
    }

    /** The random source of one case: seed and number mixed so that no two cases share a stretch of numbers. */
    private static RandomGenerator random(long seed, int number) {
        long z = seed + number * 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return new SplittableRandom(z ^ (z >>> 31));
    }
}
