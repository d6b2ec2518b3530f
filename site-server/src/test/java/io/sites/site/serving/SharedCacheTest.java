package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.id.WebsiteId;
import org.junit.jupiter.api.Test;

/** What a shared cache is told: tags only for public answers with a purger, long lifetimes only for hashed names. */
class SharedCacheTest {
    private static final WebsiteId SITE = new WebsiteId("web_abc");

    @Test
    void tagsNameTheWebsiteAndVersionOnlyForPublicAnswersWithAPurger() {
        SharedCache purged = SharedCache.of("varnish");
        assertThat(purged.tags(SITE, 7, false)).isEqualTo("site-web_abc version-web_abc-7");
        assertThat(purged.tags(SITE, 7, true)).as("never tag a private answer").isNull();
        assertThat(SharedCache.of("none").tags(SITE, 7, false)).isNull();
        assertThat(SharedCache.of(null).tags(SITE, 7, false)).isNull();
        assertThat(SharedCache.tag(SITE)).isEqualTo("site-web_abc");
    }

    @Test
    void lifetimes() {
        String tags = "site-web_abc version-web_abc-7";
        assertThat(SharedCache.cacheControl("index.html", true, tags)).isEqualTo(SharedCache.HTML_PURGED);
        assertThat(SharedCache.cacheControl("docs/a.css", false, tags)).isEqualTo(SharedCache.ASSET_PURGED);
        assertThat(SharedCache.cacheControl("docs/a.css", false, null)).as("no purger: today's default").isNull();
        assertThat(SharedCache.cacheControl("index.html", true, null)).isNull();
        assertThat(SharedCache.cacheControl("assets/app.3f9a8b2c.js", false, null)).isEqualTo(SharedCache.HASHED);
        assertThat(SharedCache.cacheControl("assets/index-BqRz7x9a.css", false, tags)).isEqualTo(SharedCache.HASHED);
        assertThat(SharedCache.cacheControl("app.3f9a8b2c.html", true, tags)).as("HTML is never immutable")
                .isEqualTo(SharedCache.HTML_PURGED);
    }

    @Test
    void hashedNamesAreABundlersNotAWords() {
        assertThat(SharedCache.hashed("main.3f9a8b2c.js")).isTrue();
        assertThat(SharedCache.hashed("chunk-5d41402abc4b2a76b9719d911017c592.js")).isTrue();
        assertThat(SharedCache.hashed("jquery-3.6.0.min.js")).isFalse();
        assertThat(SharedCache.hashed("bootstrap.bundle.min.js")).isFalse();
        assertThat(SharedCache.hashed("photo-2024.png")).isFalse();
        assertThat(SharedCache.hashed("background.png")).isFalse();
        assertThat(SharedCache.hashed("3f9a8b2c")).as("no extension").isFalse();
    }
}
