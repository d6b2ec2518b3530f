package io.sites.site;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SiteHostsTest {
    private final SiteHosts hosts = new SiteHosts("localhost:8080");

    @Test
    void theSlugIsTheLabelInFrontOfTheSiteHostWhateverThePortAndCase() {
        assertThat(hosts.slugOf("shop.localhost")).contains("shop");
        assertThat(hosts.slugOf("SHOP.LocalHost")).contains("shop");
        assertThat(hosts.slugOf("shop.localhost.")).contains("shop");
        assertThat(new SiteHosts("sites.example").slugOf("my-bakery.sites.example")).contains("my-bakery");
    }

    @Test
    void otherHostsAreNotSites() {
        assertThat(hosts.slugOf("localhost")).isEmpty();
        assertThat(hosts.slugOf(".localhost")).isEmpty();
        assertThat(hosts.slugOf("a.b.localhost")).as("one label only").isEmpty();
        assertThat(hosts.slugOf("shoplocalhost")).isEmpty();
        assertThat(hosts.slugOf("shop.example.com")).isEmpty();
        assertThat(hosts.slugOf(null)).isEmpty();
    }
}
