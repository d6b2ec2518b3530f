package io.sites.cases;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import java.util.stream.LongStream;

/**
 * Draws one value of a property's parameter from a case's random source. Sizes and numbers lean as the property
 * library we used to use made them lean (mostly small, sometimes the largest, now and then anything in between), so
 * the properties keep their reach.
 */
@FunctionalInterface
public interface Gen<T> {

    T draw(RandomGenerator random);

    default <R> Gen<R> map(Function<? super T, ? extends R> function) {
        return random -> function.apply(draw(random));
    }

    default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<? extends R>> function) {
        return random -> function.apply(draw(random)).draw(random);
    }

    /** Draws again until a value passes; a predicate that almost never passes is a mistake of the generator. */
    default Gen<T> filter(Predicate<? super T> keep) {
        return random -> {
            for (int attempt = 0; attempt < 10_000; attempt++) {
                T value = draw(random);
                if (keep.test(value)) {
                    return value;
                }
            }
            throw new IllegalStateException("The filter refused 10000 values in a row: draw what it keeps instead.");
        };
    }

    /** Null in about this share of draws. */
    default Gen<T> orNull(double share) {
        return random -> random.nextDouble() < share ? null : draw(random);
    }

    default Gen<List<T>> list(int minSize, int maxSize) {
        return random -> {
            int size = size(random, minSize, maxSize);
            List<T> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(draw(random));
            }
            return list;
        };
    }

    /** Distinct values in the order drawn; smaller than its drawn size if the values run out. */
    default Gen<Set<T>> set(int minSize, int maxSize) {
        return random -> {
            int size = size(random, minSize, maxSize);
            Set<T> set = new LinkedHashSet<>();
            for (int attempt = 0; set.size() < size && attempt < 100 * (size + 1); attempt++) {
                set.add(draw(random));
            }
            if (set.size() < minSize) {
                throw new IllegalStateException("Could not draw " + minSize + " distinct values.");
            }
            return set;
        };
    }

    static <T> Gen<T> just(T value) {
        return random -> value;
    }

    /** One of these values (null allowed), each listed one as likely: list a value twice to draw it twice as often. */
    @SafeVarargs
    static <T> Gen<T> of(T... values) {
        List<T> copy = java.util.Arrays.asList(values.clone());
        return random -> copy.get(random.nextInt(copy.size()));
    }

    /** A value of one of these generators, each as likely. */
    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... generators) {
        List<Gen<? extends T>> copy = List.of(generators);
        return random -> copy.get(random.nextInt(copy.size())).draw(random);
    }

    /** A value of the first generator in {@code first} of {@code first + second} draws, else of the second. */
    static <T> Gen<T> weighted(int first, Gen<? extends T> one, int second, Gen<? extends T> other) {
        return random -> random.nextInt(first + second) < first ? one.draw(random) : other.draw(random);
    }

    static Gen<Integer> ints(int min, int max) {
        return longs(min, max).map(Long::intValue);
    }

    /**
     * A number in [min, max]: one draw in twenty an edge (either bound, or zero, one and minus one where they are
     * in range), nine in twenty near zero (or the bound nearest it) at a scale of 1, 10, 100... up to the span, the
     * rest uniform.
     */
    static Gen<Long> longs(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        long centre = Math.max(min, Math.min(max, 0));
        List<Long> edges = new ArrayList<>(List.of(min, max));
        for (long near : new long[] {0, 1, -1}) {
            if (near >= min && near <= max) {
                edges.add(near);
            }
        }
        long difference = max - min;
        long span = difference < 0 ? Long.MAX_VALUE : difference; // negative: the difference overflowed
        long[] scale = LongStream.iterate(1, s -> s == 1 || s > 0 && s <= span, s -> s * 10).toArray();
        return random -> {
            int kind = random.nextInt(20);
            if (kind == 0) {
                return edges.get(random.nextInt(edges.size()));
            }
            if (kind <= 9) {
                long offset = random.nextLong(scale[random.nextInt(scale.length)]) + 1;
                boolean up = centre == min || centre != max && random.nextBoolean();
                return clamp(up ? saturated(centre, offset) : saturated(centre, -offset), min, max);
            }
            return uniform(random, min, max);
        };
    }

    static Gen<Long> longs() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** Bytes of any value, as many as a size drawn up to {@code maxSize}. */
    static Gen<byte[]> bytes(int maxSize) {
        return random -> {
            byte[] bytes = new byte[size(random, 0, maxSize)];
            random.nextBytes(bytes);
            return bytes;
        };
    }

    /**
     * A size in [min, max]: uniform when the span is at most 32; else 2 % the maximum, 10 % above min + 32, the rest
     * from min to min + 32. Small values find most faults and cost little; the long tail still reaches the limits.
     */
    static int size(RandomGenerator random, int min, int max) {
        int cutoff = min + 32;
        if (max <= cutoff) {
            return random.nextInt(min, max + 1);
        }
        double roll = random.nextDouble();
        if (roll < 0.02) {
            return max;
        }
        return roll < 0.12 ? random.nextInt(cutoff + 1, max + 1) : random.nextInt(min, cutoff + 1);
    }

    private static long uniform(RandomGenerator random, long min, long max) {
        if (max < Long.MAX_VALUE) {
            return random.nextLong(min, max + 1);
        }
        if (min > Long.MIN_VALUE) {
            return random.nextLong(min - 1, max) + 1;
        }
        return random.nextLong();
    }

    private static long saturated(long a, long b) {
        long sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return b > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return sum;
    }

    private static long clamp(long value, long min, long max) {
        return Math.max(min, Math.min(max, value));
    }
}
