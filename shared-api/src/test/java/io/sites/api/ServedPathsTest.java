package io.sites.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Set;
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
