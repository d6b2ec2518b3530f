package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.violationsWithIndex;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.json.PublishFile;
import org.junit.jupiter.api.Test;

/** Publish adds up the _headers blocks of every address the bundle serves, and names the line that passes the limit. */
class BundleHeaderSizesTest {
    private static final String POLICIES = "/*\n" + line("X-A", 7000) + line("X-B", 7000) + line("X-C", 7000)
            + "/docs/*\n" + line("X-D", 7000) + line("X-E", 7000);

    private static String line(String name, int bytes) {
        return "  " + name + ": " + "v".repeat(bytes - name.length() - 4) + "\n";
    }

    @Test
    void blocksThatTogetherPassThePathLimitForAServedAddressAreRefused() {
        assertThat(violationsWithIndex(PublishFile.text("about.html", "<p>about</p>"),
                PublishFile.text("_headers", POLICIES))).as("no file under /docs: no address passes").isEmpty();
        assertThat(violationsWithIndex(PublishFile.text("docs/index.html", "<p>docs</p>"),
                PublishFile.text("_headers", POLICIES)))
                .extracting(v -> v.path() + " " + v.code() + " " + v.detail().split(":")[0])
                .containsExactly("_headers HEADERS_TOO_LARGE line 5");
    }
}
