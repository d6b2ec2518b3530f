package io.sites.api.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The clean-URL rules the site server serves by and the bundle's link check judges by. */
class ServedPathsTest {
    private static final Set<String> FILES = Set.of("index.html", "about.html", "about", "blog.html",
            "docs/index.html", "docs/guide.html", "blog/index.html", "img/logo.png");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(nullValues = "none", textBlock = """
            '',             index.html
            about,          about
            about.html,     about.html
            docs/guide,     docs/guide.html
            docs/,          docs/index.html
            docs,           none
            blog,           blog.html
            blog/,          blog/index.html
            img/logo.png,   img/logo.png
            img/logo.png/,  none
            img/,           none
            missing,        none
            """)
    void servesTheFileOrItsCleanUrl(String path, String served) {
        Optional<String> found = ServedPaths.served(path, p -> FILES.contains(p) ? Optional.of(p) : Optional.empty());
        assertThat(found.orElse(null)).isEqualTo(served);
    }

    @Test
    void theAddressesOfTheFilesAreExactlyThePathsServedOrRedirected() {
        Set<String> files = Set.of("index.html", "about.html", "about", "docs/index.html", "docs/.html", ".html",
                "a/b/index.html", "img/logo.png", "x.html/index.html", "index.html.html");
        Set<String> addresses = new HashSet<>();
        files.forEach(f -> ServedPaths.addresses(f, addresses::add));
        Set<String> candidates = new HashSet<>(addresses);
        for (String f : files) {
            for (int i = 0; i <= f.length(); i++) {
                candidates.add("/" + f.substring(0, i));
                candidates.add("/" + f.substring(0, i) + "/");
            }
        }
        for (String candidate : candidates) {
            String path = candidate.substring(1);
            String index = ServedPaths.directoryIndex(path);
            boolean reached = ServedPaths.served(path, p -> files.contains(p) ? Optional.of(p) : Optional.empty())
                    .isPresent() || index != null && files.contains(index);
            assertThat(addresses.contains(candidate)).as(candidate).isEqualTo(reached);
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(nullValues = "none", textBlock = """
            docs,      docs/index.html
            a/b,       a/b/index.html
            docs/,     none
            '',        none
            """)
    void aPathWithoutItsSlashNamesTheIndexItRedirectsTo(String path, String index) {
        assertThat(ServedPaths.directoryIndex(path)).isEqualTo(index);
    }
}
