package io.sites.site.serving;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.site.PreviewGrant;
import io.sites.api.id.WebsiteId;
import io.sites.site.directory.SiteDirectory.Site;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who sees a version at its own host: the grant's parameter, its cookie, the redirect that moves one to the other. */
class SitePreviewsTest {
    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
    private static final Site SITE = new Site(WebsiteId.generate(), "shop", false, null);
    private final PreviewGrant grants = new PreviewGrant(new byte[32]);
    private final String grant = grants.mint(SITE.websiteId(), 3, NOW.plus(Duration.ofDays(7)));
    private final SitePreviews previews = new SitePreviews(grants, PreviewGrant.Access.PRIVATE, false,
            Clock.fixed(NOW, ZoneOffset.UTC));

    private record Request(String rawPath, String query, String cookie) implements SiteRequest {
        @Override
        public String method() {
            return "GET";
        }

        @Override
        public String host() {
            return "v3--shop.sites.example";
        }

        @Override
        public String header(String name) {
            return name.equals("Cookie") ? cookie : null;
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1";
        }
    }

    private SitePreviews.Outcome admit(String rawPath, String query, String cookie, SiteResponse response) {
        return previews.admit(SITE, 3, false, new Request(rawPath, query, cookie), response);
    }

    private static String header(SiteResponse response, String name) {
        List<String> headers = response.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            if (headers.get(i).equals(name)) {
                return headers.get(i + 1);
            }
        }
        return null;
    }

    @Test
    void theGrantMovesIntoAHostOnlyCookieAndLeavesTheAddress() {
        String p = PreviewGrant.PARAMETER + "=" + grant;
        Map<String, String> locations = Map.of(
                "/?" + p, "/",
                "/a/b.css?x=1&" + p, "/a/b.css?x=1",
                "/?" + p + "&y=2", "/?y=2",
                "/?x=1&" + p + "&y=2", "/?x=1&y=2",
                "//elsewhere.example/?" + p, "/elsewhere.example/",
                "/\\elsewhere.example/?" + p, "/elsewhere.example/",
                "/caf\u00e9?" + p, "/caf%C3%A9");
        locations.forEach((target, location) -> {
            int q = target.indexOf('?');
            SiteResponse response = new SiteResponse();
            assertThat(admit(target.substring(0, q), target.substring(q + 1), null, response)).as(target)
                    .isEqualTo(SitePreviews.Outcome.REDIRECTED);
            assertThat(response.status).isEqualTo(303);
            assertThat(header(response, "Location")).as(target).isEqualTo(location);
            assertThat(header(response, "Set-Cookie")).isEqualTo("sites_preview=" + grant
                    + "; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax");
        });
    }

    @Test
    void underHttpsTheCookieIsSecureAndCannotBePlantedFromASiblingHost() {
        SitePreviews secure = new SitePreviews(grants, PreviewGrant.Access.PRIVATE, true,
                Clock.fixed(NOW, ZoneOffset.UTC));
        SiteResponse response = new SiteResponse();
        secure.admit(SITE, 3, false, new Request("/", PreviewGrant.PARAMETER + "=" + grant, null), response);
        assertThat(header(response, "Set-Cookie")).startsWith("__Host-sites_preview=" + grant + ";")
                .endsWith("; Secure");
        assertThat(secure.admit(SITE, 3, false, new Request("/", null, "sites_preview=" + grant),
                new SiteResponse())).as("the plain name, which a sibling could set, is not read under HTTPS")
                .isEqualTo(SitePreviews.Outcome.HIDDEN);
        assertThat(secure.admit(SITE, 3, false, new Request("/", null, "__Host-sites_preview=" + grant),
                new SiteResponse())).isEqualTo(SitePreviews.Outcome.GRANTED);
    }

    @Test
    void theCookieIsFoundAmongOthersAndOnlyUnderItsOwnName() {
        for (String cookie : List.of("sites_preview=" + grant, "a=1; sites_preview=" + grant + "; b=2",
                "sites_preview=forged; sites_preview=" + grant, "a=1;sites_preview=" + grant)) {
            assertThat(admit("/", null, cookie, new SiteResponse())).as(cookie)
                    .isEqualTo(SitePreviews.Outcome.GRANTED);
        }
        for (String cookie : List.of("xsites_preview=" + grant, "sites_preview2=" + grant, "sites_preview",
                "sites_preview=", "=" + grant, "sites_preview=x; ".repeat(4) + "sites_preview=" + grant, "")) {
            assertThat(admit("/", null, cookie, new SiteResponse())).as(cookie)
                    .isEqualTo(SitePreviews.Outcome.HIDDEN);
        }
    }

    @Test
    void anInvalidParameterIsIgnoredAndTheLiveVersionIsPublic() {
        SiteResponse response = new SiteResponse();
        assertThat(admit("/", PreviewGrant.PARAMETER + "=forged", null, response))
                .isEqualTo(SitePreviews.Outcome.HIDDEN);
        assertThat(response.headers()).doesNotContain("Set-Cookie");
        assertThat(admit("/", "x" + PreviewGrant.PARAMETER + "=" + grant, null, new SiteResponse()))
                .as("only the parameter of that name").isEqualTo(SitePreviews.Outcome.HIDDEN);
        assertThat(previews.admit(SITE, 3, true, new Request("/", null, null), new SiteResponse()))
                .isEqualTo(SitePreviews.Outcome.PUBLIC);
        assertThat(new SitePreviews(grants, PreviewGrant.Access.PUBLIC, false, Clock.systemUTC())
                .admit(SITE, 3, false, new Request("/", null, null), new SiteResponse()))
                .isEqualTo(SitePreviews.Outcome.PUBLIC);
    }
}
