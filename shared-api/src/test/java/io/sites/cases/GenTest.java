package io.sites.cases;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The generators reach as far as the properties need, and a seed and number always draw the same case. */
class GenTest {

    @Test
    void aCaseIsItsSeedAndNumber() {
        Cases cases = Cases.tries(10, Text.any(), Gen.longs(), Gen.bytes(50));
        assertThat(cases.draw(7, 3)).isEqualTo(cases.draw(7, 3));
        assertThat(cases.draw(7, 3)).isNotEqualTo(cases.draw(7, 4)).isNotEqualTo(cases.draw(8, 3));
    }

    @Test
    void anyTextIsValidUnicodeOfEveryLengthUpTo255() {
        List<String> texts = draws(Text.any(), 10_000);
        assertThat(texts).allSatisfy(text -> assertThat(text.chars()).noneMatch(c -> c >= 0xd800 && c <= 0xdfff
                || c >= 0xe000 && c <= 0xf8ff || c >= 0xfdd0 && c <= 0xfdef || c >= 0xfffe));
        assertThat(texts).extracting(String::length).contains(0, 1, 32, 255).allMatch(n -> n <= 255)
                .anyMatch(n -> n > 33 && n < 128).anyMatch(n -> n >= 128 && n < 255);
        assertThat(String.join("", texts).chars()).anyMatch(c -> c < 0x20).anyMatch(c -> c > 0x4e00);
    }

    @Test
    void textOfListedSetsDrawsFromEachSet() {
        List<String> texts = draws(Text.of("ab").orRange('0', '9').length(1, 3), 2_000);
        String all = String.join("", texts);
        assertThat(all.chars().filter(c -> c == 'a' || c == 'b').count())
                .isBetween(all.length() * 4L / 10, all.length() * 6L / 10);
        assertThat(all.chars().filter(Character::isDigit).distinct().count()).isEqualTo(10);
        assertThat(texts).extracting(String::length).containsOnly(1, 2, 3);
    }

    @Test
    void numbersReachTheirBoundsZeroAndEveryScale() {
        List<Long> small = draws(Gen.longs(0, 1_000_000), 5_000);
        assertThat(small).contains(0L, 1L, 1_000_000L).allMatch(n -> n >= 0 && n <= 1_000_000)
                .anyMatch(n -> n > 1 && n < 10).anyMatch(n -> n > 500_000 && n < 1_000_000);
        List<Long> any = draws(Gen.longs(), 5_000);
        assertThat(any).contains(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L)
                .anyMatch(n -> n > 0 && n < 100).anyMatch(n -> n < -1_000_000_000_000L);
        assertThat(draws(Gen.longs(0, Long.MAX_VALUE), 2_000)).allMatch(n -> n >= 0).contains(Long.MAX_VALUE);
    }

    @Test
    void setsAreDistinctAndListsReachTheirSizes() {
        List<Set<Integer>> sets = draws(Gen.ints(0, 20).set(1, 12), 1_000);
        assertThat(sets).allMatch(set -> !set.isEmpty() && set.size() <= 12)
                .extracting(Set::size).contains(1, 12);
        assertThat(draws(Gen.bytes(240), 2_000)).extracting(bytes -> bytes.length).contains(0, 240);
        assertThat(draws(Gen.just("x").orNull(0.01).list(0, 5), 2_000)).extracting(List::size)
                .containsOnly(0, 1, 2, 3, 4, 5);
    }

    private static <T> List<T> draws(Gen<T> gen, int count) {
        Cases cases = Cases.tries(count, gen);
        return IntStream.rangeClosed(1, count).mapToObj(n -> {
            @SuppressWarnings("unchecked")
            T value = (T) cases.draw(Cases.FIXED_SEED, n)[0];
            return value;
        }).toList();
    }
}
