package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.violationsWithIndex;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import org.junit.jupiter.api.Test;

/** The site rules files are checked at publish, each violation with its file and line; good ones pass. */
class BundleSiteRulesTest {

    @Test
    void goodRulesFilesPublish() {
        assertThat(violationsWithIndex(
                PublishFile.text("404.html", "<p>missing</p>"),
                PublishFile.text("_redirects", "/old /about 301\n/app/* /index.html 200\n/x /404.html 404\n"),
                PublishFile.text("about.html", "<p>about</p>"),
                PublishFile.text("_headers", "/*\n  X-Frame-Options: DENY\n"))).isEmpty();
    }

    @Test
    void rulesFileViolationsNameTheFileAndTheLine() {
        assertThat(violationsWithIndex(
                PublishFile.text("_redirects", "# rules\n/a /b 999\n/c /missing.html 200\n/d /e/:id 302\n"),
                PublishFile.text("_headers", "/*\n  Set-Cookie: a=b\n")))
                .extracting(v -> v.path() + " " + v.code() + " " + v.detail().split(":")[0])
                .containsExactly("_redirects REDIRECT_INVALID line 2", "_redirects REDIRECT_INVALID line 4",
                        "_redirects REDIRECT_TARGET_MISSING line 3", "_headers HEADER_FORBIDDEN line 2");
    }

    @Test
    void rulesFilesElsewhereAreOrdinaryFiles() {
        assertThat(violationsWithIndex(PublishFile.text("docs/_redirects", "not a rule"))).isEmpty();
    }

    @Test
    void aRewriteToACleanUrlFindsItsFile() {
        assertThat(violationsWithIndex(PublishFile.text("about.html", "<p>a</p>"),
                PublishFile.text("_redirects", "/team /about 200\n/home / 200\n"))).isEmpty();
        assertThat(violationsWithIndex(PublishFile.text("_redirects", "/team /about 200\n")))
                .extracting(Violation::code).containsExactly("REDIRECT_TARGET_MISSING");
    }
}
