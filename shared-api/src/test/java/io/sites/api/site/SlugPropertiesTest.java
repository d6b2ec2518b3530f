package io.sites.api.site;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import io.sites.cases.Text;

/** Any text becomes a slug or is refused, never an exception: the normaliser's and the rules' promises. */
class SlugPropertiesTest {
    static final Gen<String> NAMES = Gen.oneOf(Text.any(), Text.any().maxLength(80),
            Text.of("abz09-_ .ÄéßæøœđłþðİıﬁＡ①\u0301\ud83d\ude00\ud800").maxLength(70),
            Text.alpha().orRange('0', '9').or("-").length(1, 60).map(s -> s.toLowerCase()));

    @Property
    void normalizingAnyTextGivesSlugShapedTextOrNothing(String text) {
        String slug = Slug.normalize(text);
        assertThat(slug).matches("([a-z][a-z0-9-]*)?").doesNotEndWith("-").doesNotContain("--");
        assertThat(slug.length()).isLessThanOrEqualTo(Slug.MAX_LENGTH);
        assertThat(Slug.normalize(slug)).as("idempotent").isEqualTo(slug);
    }

    static Cases normalizingAnyTextGivesSlugShapedTextOrNothing() {
        return Cases.tries(2000, NAMES);
    }

    @Property
    void theBaseOfAnyNameIsWellFormedAndEveryFurtherCandidateValid(String name, int n) {
        String base = Slug.base(name);
        // Well formed, though possibly reserved: the fallback "site" is itself a reserved name.
        assertThat(base).matches("[a-z][a-z0-9-]{2,49}").doesNotEndWith("-").doesNotContain("--");
        assertThat(Slug.problem(Slug.candidate(base, n))).isEmpty();
    }

    static Cases theBaseOfAnyNameIsWellFormedAndEveryFurtherCandidateValid() {
        return Cases.tries(2000, NAMES, Gen.ints(2, 100_000));
    }

    @Property
    void anyValueIsValidOrHasAProblemToTell(String value) {
        assertThat(Slug.isValid(value)).isEqualTo(Slug.problem(value).isEmpty());
        if (Slug.isValid(value)) {
            assertThat(value).matches("[a-z][a-z0-9-]{2,49}").doesNotEndWith("-").doesNotContain("--");
        }
    }

    static Cases anyValueIsValidOrHasAProblemToTell() {
        return Cases.tries(2000, NAMES);
    }
}
