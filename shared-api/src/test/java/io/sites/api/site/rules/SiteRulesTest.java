package io.sites.api.site.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every feature of _redirects and _headers, and every violation with its line. */
class SiteRulesTest {

    private static String codesAndLines(List<Violation> violations) {
        return String.join(",", violations.stream().map(v -> v.code() + "@" + v.detail().split(":")[0]).toList());
    }

    @Test
    void redirectsMatchExactPathsPlaceholdersAndSplats() {
        RedirectRules rules = RedirectRules.parse("""
                # moved pages
                /old            /new
                /blog/:year/:slug  /posts/:year-:slug 302
                /docs/*         /manual/:splat 308!
                /go             https://example.com/?from=site 307
                /gone           /gone.html 410
                /*              /index.html 200
                """);
        assertThat(rules.violations()).isEmpty();
        assertThat(rules.match("/old").target()).isEqualTo("/new");
        assertThat(rules.match("/old").rule().status()).as("301 by default").isEqualTo(301);
        assertThat(rules.match("/blog/2024/hello").target()).isEqualTo("/posts/2024-hello");
        assertThat(rules.match("/blog/2024/hello").rule().status()).isEqualTo(302);
        RedirectRules.Match docs = rules.match("/docs/a/b.html");
        assertThat(docs.target()).isEqualTo("/manual/a/b.html");
        assertThat(docs.rule().force()).isTrue();
        assertThat(rules.match("/docs").target()).as("a splat also matches nothing").isEqualTo("/manual/");
        assertThat(rules.match("/go").target()).isEqualTo("https://example.com/?from=site");
        assertThat(rules.match("/gone").rule().status()).isEqualTo(410);
        assertThat(rules.match("/anything/else").target()).as("the SPA fallback").isEqualTo("/index.html");
        assertThat(rules.match("/anything/else").rule().status()).isEqualTo(200);
        assertThat(rules.match("/old/").target()).as("paths compare exactly").isEqualTo("/index.html");
    }

    @Test
    void theFirstMatchingRuleWinsAcrossExactAndPatternRules() {
        RedirectRules rules = RedirectRules.parse("/a/:x /first\n/a/b /second\n");
        assertThat(rules.violations()).extracting(Violation::code).containsExactly("REDIRECT_INVALID");
        RedirectRules ordered = RedirectRules.parse("/a/b /second\n/a/:x /first\n");
        assertThat(ordered.violations()).isEmpty();
        assertThat(ordered.match("/a/b").target()).isEqualTo("/second");
        assertThat(ordered.match("/a/c").target()).isEqualTo("/first");
        assertThat(ordered.match("/b")).isNull();
    }

    @Test
    void everyRedirectViolationNamesItsLine() {
        RedirectRules rules = RedirectRules.parse(String.join("\n",
                "/only-one-part",                 // 1 no target
                "old /new",                       // 2 not a path
                "/a /b 418",                      // 3 unknown status
                "/c https://example.com/ 200",    // 4 rewrite to another site
                "/d http://example.com/",         // 5 not https
                "/e /f 301 Country=us",           // 6 conditions
                "/g?id=:id /h",                   // 7 query matching
                "/i /j/:splat",                   // 8 placeholder not defined
                "/k/*/l /m",                      // 9 splat not last
                "/n /o",                          // 10 fine
                "/n /p",                          // 11 never matches
                "/q /r 404",                      // 12 fine
                "/s  é",                          // 13 not ASCII
                "/t relative"));                  // 14 no leading slash nor https
        assertThat(codesAndLines(rules.violations())).isEqualTo(String.join(",",
                "REDIRECT_INVALID@line 1", "REDIRECT_INVALID@line 2", "REDIRECT_INVALID@line 3",
                "REDIRECT_INVALID@line 4", "REDIRECT_INVALID@line 5", "REDIRECT_INVALID@line 6",
                "REDIRECT_INVALID@line 7", "REDIRECT_INVALID@line 8", "REDIRECT_INVALID@line 9",
                "REDIRECT_INVALID@line 11", "REDIRECT_INVALID@line 13", "REDIRECT_INVALID@line 14"));
        assertThat(rules.violations().get(5).message()).contains("not supported");
        assertThat(rules.violations()).allSatisfy(v -> assertThat(v.path()).isEqualTo("_redirects"));
        assertThat(rules.rules()).hasSize(2);
    }

    @Test
    void aRuleAfterACatchAllCanNeverMatchUnlessForcedOverAnUnforcedOne() {
        assertThat(codesAndLines(RedirectRules.parse("/* /index.html 200\n/x /y\n").violations()))
                .isEqualTo("REDIRECT_INVALID@line 2");
        assertThat(codesAndLines(RedirectRules.parse("/news/* /n/:splat\n/news /z\n/newsroom /z\n").violations()))
                .isEqualTo("REDIRECT_INVALID@line 2");
    }

    @Test
    void loopsAreFound() {
        assertThat(codesAndLines(RedirectRules.parse("/a /b\n/b /a\n").violations()))
                .isEqualTo("REDIRECT_LOOP@line 1,REDIRECT_LOOP@line 2");
        assertThat(codesAndLines(RedirectRules.parse("/a/* /a/b/:splat 302\n").violations()))
                .isEqualTo("REDIRECT_LOOP@line 1");
        assertThat(RedirectRules.parse("/a /b\n/b /c\n/c /index.html 200\n").violations()).isEmpty();
    }

    @Test
    void moreThanAThousandRules() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i <= 1000; i++) {
            text.append("/p").append(i).append(" /q\n");
        }
        assertThat(RedirectRules.parse(text.toString()).violations()).extracting(Violation::code)
                .containsExactly("TOO_MANY_RULES");
        assertThat(HeaderRules.parse(text.toString().replace(" /q", "\n  X-A: 1")).violations())
                .extracting(Violation::code).containsExactly("TOO_MANY_RULES");
    }

    @Test
    void headersApplyToMatchingPathsAndJoinRepeatedNames() {
        HeaderRules rules = HeaderRules.parse("""
                # every page
                /*
                  X-Frame-Options: DENY
                  Link: </style.css>; rel=preload
                /assets/*
                  Cache-Control: public, max-age=31536000, immutable
                  Link: </font.woff2>; rel=preload
                /team/:name
                  X-Team: yes
                """);
        assertThat(rules.violations()).isEmpty();
        assertThat(rules.headersFor("/assets/a.css")).containsExactly(
                "X-Frame-Options", "DENY", "Link", "</style.css>; rel=preload, </font.woff2>; rel=preload",
                "Cache-Control", "public, max-age=31536000, immutable");
        assertThat(rules.headersFor("/team/ann")).contains("X-Team");
        assertThat(HeaderRules.parse("/x\n  A: 1\n").headersFor("/y")).isEmpty();
    }

    @Test
    void everyHeaderViolationNamesItsLine() {
        HeaderRules rules = HeaderRules.parse(String.join("\n",
                "  X-Early: 1",                   // 1 before any path
                "/ok",                            // 2
                "  no colon here",                // 3 not Name: value
                "  Set-Cookie: a=b",              // 4 cookie
                "  Content-Security-Policy: x",   // 5 CSP
                "  Transfer-Encoding: chunked",   // 6 hop-by-hop
                "  Content-Length: 1",            // 7 length
                "  X-Fine: ü",                    // 8 not ASCII
                "  Cache-Control: no-store",      // 9 replaceable
                "relative"));                     // 10 not a path
        assertThat(codesAndLines(rules.violations())).isEqualTo(String.join(",",
                "HEADER_INVALID@line 1", "HEADER_INVALID@line 3", "HEADER_FORBIDDEN@line 4",
                "HEADER_FORBIDDEN@line 5", "HEADER_FORBIDDEN@line 6", "HEADER_FORBIDDEN@line 7",
                "HEADER_INVALID@line 8", "HEADER_INVALID@line 10"));
        assertThat(rules.headersFor("/ok")).containsExactly("Cache-Control", "no-store");
    }
}
