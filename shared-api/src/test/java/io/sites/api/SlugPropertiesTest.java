package io.sites.api;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Any text becomes a slug or is refused, never an exception: the normaliser's and the rules' promises. */
class SlugPropertiesTest {

    @Property(tries = 2000)
    void normalizingAnyTextGivesSlugShapedTextOrNothing(@ForAll("names") String text) {
        String slug = Slug.normalize(text);
        assertThat(slug).matches("([a-z][a-z0-9-]*)?").doesNotEndWith("-").doesNotContain("--");
        assertThat(slug.length()).isLessThanOrEqualTo(Slug.MAX_LENGTH);
        assertThat(Slug.normalize(slug)).as("idempotent").isEqualTo(slug);
    }

    @Property(tries = 2000)
    void theBaseOfAnyNameIsWellFormedAndEveryFurtherCandidateValid(@ForAll("names") String name, @ForAll
            @net.jqwik.api.constraints.IntRange(min = 2, max = 100_000) int n) {
        String base = Slug.base(name);
        // Well formed, though possibly reserved: the fallback "site" is itself a reserved name.
        assertThat(base).matches("[a-z][a-z0-9-]{2,49}").doesNotEndWith("-").doesNotContain("--");
        assertThat(Slug.problem(Slug.candidate(base, n))).isEmpty();
    }

    @Property(tries = 2000)
    void anyValueIsValidOrHasAProblemToTell(@ForAll("names") String value) {
        assertThat(Slug.isValid(value)).isEqualTo(Slug.problem(value).isEmpty());
        if (Slug.isValid(value)) {
            assertThat(value).matches("[a-z][a-z0-9-]{2,49}").doesNotEndWith("-").doesNotContain("--");
        }
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.oneOf(Arbitraries.strings(), Arbitraries.strings().ofMaxLength(80),
                Arbitraries.strings().withChars("abz09-_ .ÄéßæøœđłþðİıﬁＡ①\u0301\ud83d\ude00\ud800").ofMaxLength(70),
                Arbitraries.strings().alpha().numeric().withChars('-').ofMinLength(1).ofMaxLength(60)
                        .map(s -> s.toLowerCase()));
    }
}
