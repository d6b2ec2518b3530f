package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A site host under the API's registrable domain is reported in one line at start (the Public Suffix List decides
 * what is registrable); a site host of its own, a listed suffix, and development names are not.
 */
class SiteOriginTest {
    @Test
    void theDocumentedShapesAreJudgedByThePublicSuffixList() {
        assertThat(SiteOrigin.sharedDomain("sites.example.com", "api.example.com")).contains("example.com");
        assertThat(SiteOrigin.sharedDomain("example.com", "app.example.com")).contains("example.com");
        assertThat(SiteOrigin.sharedDomain("sites.example.co.uk", "api.example.co.uk")).contains("example.co.uk");
        assertThat(SiteOrigin.sharedDomain("example-sites.net", "api.example.com")).isEmpty();
        assertThat(SiteOrigin.sharedDomain("example.co.uk", "other.co.uk")).as("two registrants under co.uk")
                .isEmpty();
        assertThat(SiteOrigin.sharedDomain("github.io", "api.github.io")).as("a listed suffix shares nothing")
                .isEmpty();
        assertThat(SiteOrigin.sharedDomain("localhost", "localhost")).as("development").isEmpty();
        assertThat(SiteOrigin.sharedDomain("127.0.0.1", "127.0.0.1")).isEmpty();
        assertThat(SiteOrigin.warning("example-sites.net:443", "https://api.example.com", "https://api.example.com/app"))
                .isEmpty();
        assertThat(SiteOrigin.warning("Sites.Example.com.", "https://example.org", "https://app.example.com/app"))
                .hasValueSatisfying(line -> assertThat(line).contains("example.com", "https://app.example.com/app")
                        .doesNotContain("\n"));
    }

    @Test
    void theServiceWarnsOnceAtStartWhenSitesShareTheApisDomain() throws Exception {
        Path data = Files.createTempDirectory("sites-origin");
        try (ServiceProcess service = new ServiceProcess(data, Map.of("SITES_BASE_URL", "https://api.example.com",
                "SITES_SITE_HOST", "sites.example.com"), List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"))) {
            service.start();
            List<String> warnings = Files.readAllLines(service.log()).stream()
                    .filter(line -> line.contains("shares the registrable domain"))
                    .toList();
            assertThat(warnings).as("log in " + service.log()).hasSize(1);
            assertThat(warnings.getFirst()).contains(" WARN ", "sites.example.com", "example.com");
        }
    }
}
