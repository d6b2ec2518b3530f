package io.sites.bundle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.cases.Cases;
import io.sites.cases.Gen;
import io.sites.cases.Property;
import io.sites.cases.Text;
import org.junit.jupiter.api.Test;

/** The link check's shortcut for plainly written references agrees with the full resolution wherever it answers. */
class LinkCheckPropertiesTest {
    // Any mix of the characters that matter, and as often addresses of letters, slashes and dots, of which the
    // shortcut answers about a fifth of all tries: from the mix alone only about 5 % were plain.
    private static final Gen<String> TARGETS = Gen.oneOf(Text.of("ab/.%2e?#:\\ é").maxLength(12),
            Text.of("ab/.").length(1, 12));
    private static final Gen<String> BASES = Text.of("ab/%é ").maxLength(8).map(s -> s.replace("//", "/"))
            .map(s -> s.startsWith("/") ? s.substring(1) : s);

    @Property
    void thePlainPathIsTheResolvedPath(String target, String base) {
        String plain = LinkCheck.plainAddress(target, base);
        if (plain != null) {
            LinkCheck.Resolved resolved = LinkCheck.resolve(target, base);
            assertThat(resolved).isNotNull();
            assertThat(resolved.aboveRoot()).isFalse();
            assertThat("/" + resolved.path()).isEqualTo(plain);
        }
    }

    static Cases thePlainPathIsTheResolvedPath() {
        return Cases.tries(5000, TARGETS, BASES);
    }

    /** The property above is not only about the full resolution: the shortcut answers more than one case in ten. */
    @Test
    void theTargetsReachPlainAddresses() {
        assertThat(thePlainPathIsTheResolvedPath().share(
                values -> LinkCheck.plainAddress((String) values[0], (String) values[1]) != null)).isGreaterThan(0.1);
    }
}
