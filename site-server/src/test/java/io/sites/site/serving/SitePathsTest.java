package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SitePathsTest {

    @Test
    void decodesPercentEscapesExactlyOnce() {
        assertThat(SitePaths.decode("/")).contains("");
        assertThat(SitePaths.decode("/about")).contains("about");
        assertThat(SitePaths.decode("/images/caf%C3%A9.webp")).contains("images/café.webp");
        assertThat(SitePaths.decode("/a%20b.html")).contains("a b.html");
        assertThat(SitePaths.decode("/%252e%252e/x")).as("a double escape stays escaped once").contains("%2e%2e/x");
    }

    @Test
    void refusesWhatCanNameNoFile() {
        assertThat(SitePaths.decode("/%zz")).isEmpty();
        assertThat(SitePaths.decode("/%4")).isEmpty();
        assertThat(SitePaths.decode("/%c0%ae")).as("overlong UTF-8").isEmpty();
        assertThat(SitePaths.decode("/a%00b")).as("NUL").isEmpty();
        assertThat(SitePaths.decode("/a%5cb")).as("backslash").isEmpty();
        assertThat(SitePaths.decode("/a%0ab")).as("newline").isEmpty();
        assertThat(SitePaths.decode("relative")).isEmpty();
        assertThat(SitePaths.decode(null)).isEmpty();
    }

    @Test
    void dotSegmentsDecodeToTextThatNoManifestKeyCanEqual() {
        // The manifest holds only normalised bundle paths (no "." or ".." segments), so a lookup of a decoded
        // "../x" finds nothing: the request cannot leave the manifest.
        assertThat(SitePaths.decode("/%2e%2e/secret")).contains("../secret");
    }

    @Test
    void aPlainCharacterMeansWhatItsEscapeMeans() {
        // Plain paths take a shortcut; it must agree with the full decoding for every ASCII character.
        for (char c = 0; c < 0x80; c++) {
            if (c == '%') {
                continue;
            }
            assertThat(SitePaths.decode("/a" + c + "b")).as("character %d", (int) c)
                    .isEqualTo(SitePaths.decode(String.format("/a%%%02Xb", (int) c)));
        }
        assertThat(SitePaths.decode("/a\\b")).as("a raw backslash").isEmpty();
        assertThat(SitePaths.decode("/caf\u00e9")).as("raw non-ASCII").isEmpty();
    }

    @Test
    void aDirectoryLocationIsPercentEncodedAscii() {
        assertThat(SitePaths.directoryLocation("docs", "x=1")).isEqualTo("/docs/?x=1");
        assertThat(SitePaths.directoryLocation("my dir/café", null)).isEqualTo("/my%20dir/caf%C3%A9/");
        assertThat(SitePaths.directoryLocation("a?b#c%d", "")).isEqualTo("/a%3Fb%23c%25d/?");
        assertThat(SitePaths.directoryLocation("docs", "\u00ff%zz%41\r\n")).as("raw query bytes, as read")
                .isEqualTo("/docs/?%FF%25zz%41%0D%0A");
    }
}
