package io.sites.api.site;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.SiteAddress.Preview;
import org.junit.jupiter.api.Test;

/** The page and preview hosts as built for links and as read back from requests. */
class SiteAddressTest {
    private final SiteAddress address = new SiteAddress("localhost:8080");

    @Test
    void pagesAndPreviewsAreHostsUnderTheSiteHostAsConfigured() {
        assertThat(address.pageHost("shop")).isEqualTo("shop.localhost:8080");
        assertThat(address.previewHost(12, "shop")).isEqualTo("v12--shop.localhost:8080");
    }

    @Test
    void aBuiltPreviewHostReadsBackAsItsVersionAndSlug() {
        String label = address.labelOf("v3--my-bakery.localhost").orElseThrow();
        assertThat(Preview.parse(label)).isEqualTo(new Preview(3, "my-bakery"));
        assertThat(address.previewHost(3, "my-bakery")).startsWith(label + ".");
    }

    @Test
    void theSlugIsTheLabelInFrontOfTheSiteHostWhateverThePortAndCase() {
        assertThat(address.labelOf("shop.localhost")).contains("shop");
        assertThat(address.labelOf("SHOP.LocalHost")).contains("shop");
        assertThat(address.labelOf("shop.localhost.")).contains("shop");
        assertThat(new SiteAddress("sites.example").labelOf("my-bakery.sites.example")).contains("my-bakery");
    }

    @Test
    void otherHostsAreNotSites() {
        assertThat(address.labelOf("localhost")).isEmpty();
        assertThat(address.labelOf(".localhost")).isEmpty();
        assertThat(address.labelOf("a.b.localhost")).as("one label only").isEmpty();
        assertThat(address.labelOf("shoplocalhost")).isEmpty();
        assertThat(address.labelOf("shop.example.com")).isEmpty();
        assertThat(address.labelOf(null)).isEmpty();
    }

    @Test
    void aHostHeaderIsReadWithoutItsPort() {
        assertThat(SiteAddress.hostName("shop.localhost:8080")).isEqualTo("shop.localhost");
        assertThat(SiteAddress.hostName("shop.localhost")).isEqualTo("shop.localhost");
        assertThat(SiteAddress.hostName("[::1]:8080")).isEqualTo("[::1]");
        assertThat(SiteAddress.hostName("[::1")).isEqualTo("[::1");
        assertThat(SiteAddress.hostName("a:b:c")).as("the first colon ends the name").isEqualTo("a");
        assertThat(SiteAddress.hostName(null)).isEmpty();
        assertThat(new SiteAddress("[::1]:8080").labelOf("shop.[::1]")).contains("shop");
    }

    @Test
    void previewLabelsNameAVersionAndASlug() {
        assertThat(Preview.parse("v12--shop")).isEqualTo(new Preview(12, "shop"));
        assertThat(Preview.parse("v--shop")).isNull();
        assertThat(Preview.parse("v0--shop")).isNull();
        assertThat(Preview.parse("va--shop")).isNull();
        assertThat(Preview.parse("shop")).isNull();
    }

    @Test
    void noSlugHasAPreviewsShape() {
        assertThat(Slug.problem("v2--shop")).isPresent();
        assertThat(Slug.problem("shop" + SiteAddress.PREVIEW_SEPARATOR + "x")).isPresent();
    }
}
