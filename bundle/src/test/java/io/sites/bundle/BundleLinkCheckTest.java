package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.inputs;
import static io.sites.bundle.BundleFixtures.reader;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Warning;
import io.sites.api.json.PublishFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The link check: BROKEN_LINK warnings for references to paths the site will not serve, never a rejection. */
class BundleLinkCheckTest {

    /** Files every bundle of these tests has, so that working references have something to point at. */
    private static final List<PublishFile> SITE = List.of(
            PublishFile.text("about.html", "<p>About</p>"),
            PublishFile.text("docs/index.html", "<p>Docs</p>"),
            PublishFile.text("docs/guide.html", "<p>Guide</p>"),
            PublishFile.text("blog.html", "<p>Blog</p>"),
            PublishFile.text("blog/index.html", "<p>Blog index</p>"),
            PublishFile.text("img/logo.png", "png"),
            PublishFile.text("img/caf\u00e9 menu.png", "png"),
            PublishFile.text("css/site.css", "p { color: red }"),
            PublishFile.text("fonts/a.woff2", "font"),
            PublishFile.text("media/clip.mp4", "video"),
            PublishFile.text("media/poster.jpg", "jpg"));

    static List<Warning> warnings(PublishFile... files) {
        List<PublishFile> all = new ArrayList<>(SITE);
        all.addAll(Arrays.asList(files));
        if (all.stream().noneMatch(f -> f.path().equals("index.html"))) {
            all.add(BundleFixtures.INDEX);
        }
        return reader().read(inputs(all)).warnings();
    }

    static List<String> details(PublishFile... files) {
        return warnings(files).stream().map(Warning::detail).toList();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            <a href="/missing.html">x</a>                              | /missing.html
            <img src="img/nope.png">                                   | img/nope.png
            <video poster="media/nope.jpg" src="media/clip.mp4"></video> | media/nope.jpg
            <link rel="icon" href="/favicon.ico">                      | /favicon.ico
            <script src="js/app.js"></script>                          | js/app.js
            <link rel="stylesheet" href="css/gone.css">                | css/gone.css
            <source srcset="img/logo.png 1x, img/big.png 2x">          | img/big.png
            <img srcset="img/a.png, img/b.png 2x" src="img/logo.png">  | img/a.png;img/b.png
            <img srcset="img/a.png,img/b.png 2x">                      | img/a.png,img/b.png
            <img srcset="img/w.png 100w, img/logo.png 200w">           | img/w.png
            <a href="../outside.html">up</a>                           | ../outside.html
            <a href="/docs/../../x.html">up</a>                        | /docs/../../x.html
            <a href="img/logo.png/">dir</a>                            | img/logo.png/
            <a href="/about.htm">typo</a>                              | /about.htm
            <a href="/Docs/">case</a>                                  | /Docs/
            <a href="/%zz">escape</a>                                  | /%zz
            <svg><use href="icons.svg#star"></use></svg>               | icons.svg#star
            <svg><image xlink:href="img/x.png"></image></svg>          | img/x.png
            <p style="background: url(img/bg.png)">x</p>               | img/bg.png
            <style>p { background: url('img/bg.png') }</style>         | img/bg.png
            """)
    void reportsEachKindOfBrokenReferenceInHtml(String html, String targets) {
        List<Warning> found = warnings(PublishFile.text("page.html", "<!doctype html>\n" + html));
        assertThat(found).extracting(Warning::code).allMatch("BROKEN_LINK"::equals);
        assertThat(found).extracting(Warning::path).allMatch("page.html"::equals);
        assertThat(found).extracting(Warning::detail)
                .containsExactlyElementsOf(Arrays.stream(targets.split(";")).map(t -> "line 2: " + t).toList());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            p { background: url(../img/nope.png) }                   | ../img/nope.png
            p { background: url("../img/nope.png") }                 | ../img/nope.png
            p { background: URL( '/img/nope.png' ) }                 | /img/nope.png
            @import "base.css";                                      | base.css
            @import url(theme.css) screen;                           | theme.css
            @import url('theme.css');                                | theme.css
            @font-face { src: url(../fonts/b.woff2) format('woff2') } | ../fonts/b.woff2
            p { background: url(im\\67.png) }                        | img.png
            """)
    void reportsBrokenReferencesInCss(String css, String target) {
        List<Warning> found = warnings(PublishFile.text("css/more.css", "/* first */\n" + css));
        assertThat(found).extracting(Warning::path).containsExactly("css/more.css");
        assertThat(found).extracting(Warning::detail).containsExactly("line 2: " + target);
    }

    @Test
    void namesTheLineOfEachReference() {
        String html = """
                <!doctype html>
                <title>Lines</title>
                <style>
                  p { color: red }
                  h1 { background: url(a.png) }
                </style>
                <img
                  src="b.png"
                  srcset="c.png 1x,
                          d.png 2x">
                <p style="color: red;
                          background: url(e.png)">x</p>
                <!-- <img src="in-a-comment.png"> -->
                """;
        assertThat(details(PublishFile.text("index.html", html)))
                .containsExactly("line 5: a.png", "line 8: b.png", "line 9: c.png", "line 10: d.png",
                        "line 12: e.png");
        String css = "/* url(no.png) */\nbody {\n  content: \"url(no.png)\";\n  background: url(x.png);\n}\n"
                + "@import 'y.css';\n";
        assertThat(details(PublishFile.text("css/a.css", css))).containsExactly("line 4: x.png", "line 6: y.css");
    }

    @Test
    void aWarningSaysWhichFileRefersToWhatAndWhy() {
        Warning w = warnings(PublishFile.text("docs/more.html", "<a href=\"../nope.html\">x</a>")).getFirst();
        assertThat(w.code()).isEqualTo("BROKEN_LINK");
        assertThat(w.path()).isEqualTo("docs/more.html");
        assertThat(w.detail()).isEqualTo("line 1: ../nope.html");
        assertThat(w.message()).isEqualTo(
                "File \"docs/more.html\" refers to \"../nope.html\" at line 1, which is not a file of the bundle.");
        assertThat(warnings(PublishFile.text("x.html", "<a href=\"../../x.html\">x</a>")).getFirst().message())
                .contains("climbs above the site's root");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<a href=\"/\">home</a>", "<a href=\"./\">home</a>", "<a href=\"index.html\">home</a>",
        "<a href=\"/about\">clean</a>", "<a href=\"about\">clean</a>", "<a href=\"/about.html\">file</a>",
        "<a href=\"/docs/\">dir</a>", "<a href=\"/docs\">dir without slash</a>", "<a href=\"docs/guide\">x</a>",
        "<a href=\"/blog\">blog.html</a>", "<a href=\"/blog/\">blog/index.html</a>",
        "<a href=\"about.html#team\">fragment</a>", "<a href=\"about?x=1#y\">query</a>", "<a href=\"#top\">top</a>",
        "<a href=\"?page=2\">itself</a>", "<a href=\"\">itself</a>",
        "<a href=\"https://example.com/x.html\">x</a>", "<a href=\"//cdn.example.com/x.png\">x</a>",
        "<a href=\"mailto:a@example.com\">mail</a>", "<a href=\"tel:+123\">call</a>",
        "<a href=\"javascript:void(0)\">js</a>", "<img src=\"data:image/png;base64,AAAA\">",
        "<img src=\"img/caf%C3%A9%20menu.png\">", "<img src=\"img/caf\u00e9 menu.png\">",
        "<img src=\"img/%6Cogo.png\">", "<img src=\"/docs/../img/./logo.png\">", "<img src=\"img/%2e/logo.png\">",
        "<img src=\"img\\logo.png\">", "<img srcset=\"img/logo.png, img/logo.png 2x\">",
        "<video poster=\"media/poster.jpg\"><source src=\"media/clip.mp4\"></video>",
        "<link rel=\"stylesheet\" href=\"css/site.css\">", "<p style=\"background: url('img/logo.png')\">x</p>",
        "<style>@import url(css/site.css); p { background: url(\"/img/logo.png\") }</style>",
        "<style>@font-face { src: url(fonts/a.woff2) }</style>", "<p style=\"background: myurl(nope.png)\">x</p>",
        "<form action=\"/nope\"></form>", "<a HREF=\"/about\">upper-case attribute</a>"})
    void noWarningForReferencesTheSiteServes(String html) {
        assertThat(warnings(PublishFile.text("page.html", html))).isEmpty();
    }

    @Test
    void relativeReferencesResolveAgainstTheReferringFile() {
        assertThat(warnings(
                PublishFile.text("docs/more.html", "<a href=\"guide\">g</a><a href=\"../about\">a</a>"
                        + "<img src=\"../img/logo.png\"><a href=\"./\">here</a><a href=\"..\">up</a>"),
                PublishFile.text("css/b.css", "p { background: url(../img/logo.png) } @import 'site.css';")))
                .isEmpty();
        assertThat(details(PublishFile.text("docs/more.html", "<img src=\"img/logo.png\">")))
                .containsExactly("line 1: img/logo.png");
    }

    @Test
    void anInternalBaseIsHonouredAndAnExternalOneSwitchesTheCheckOffForItsDocument() {
        assertThat(details(PublishFile.text("docs/a/b.html",
                "<base href=\"/docs/\"><a href=\"guide\">ok</a><img src=\"img/logo.png\">"
                        + "<style>p { background: url(../img/logo.png) }</style>")))
                .containsExactly("line 1: img/logo.png");
        assertThat(warnings(PublishFile.text("page.html",
                "<base href=\"https://example.com/\"><a href=\"whatever.html\">x</a><a href=\"/nope\">y</a>")))
                .isEmpty();
    }

    @Test
    void warningsNeverRejectAndComeWithTheViolationsOfARejectedBundle() {
        Bundle bundle = reader().read(inputs(List.of(PublishFile.text("index.html", "<a href=\"nope.html\">x</a>"))));
        assertThat(bundle.warnings()).extracting(Warning::code).containsExactly("BROKEN_LINK");
        BundleInvalidException rejected = org.assertj.core.api.Assertions.catchThrowableOfType(
                BundleInvalidException.class, () -> reader().read(inputs(List.of(
                        PublishFile.text("page.html", "<a href=\"nope.html\">x</a>")))));
        assertThat(rejected.violations()).extracting(v -> v.code()).containsExactly("MISSING_INDEX");
        assertThat(rejected.warnings()).extracting(Warning::detail).containsExactly("line 1: nope.html");
    }

    @Test
    void aTargetRepeatedOnOneLineIsReportedOnce() {
        assertThat(details(PublishFile.text("page.html",
                "<a href=\"x.html\">1</a><a href=\"x.html\">2</a>\n<a href=\"x.html\">3</a>")))
                .containsExactly("line 1: x.html", "line 2: x.html");
    }

    @Test
    void filesTheRulesDoNotReadAreNotScanned() {
        assertThat(warnings(PublishFile.text("notes.txt", "<a href=\"nope.html\">x</a> url(nope.png)"),
                PublishFile.text("data.json", "{\"href\": \"nope.html\"}"))).isEmpty();
    }

    @Test
    void aBundleWithoutWarningsKeepsItsOldShape() {
        assertThat(new Bundle(List.of()).warnings()).isEmpty();
        assertThat(new BundleInvalidException(List.of(io.sites.api.code.Violation.of("X", null, "m", null))).warnings())
                .isEmpty();
    }
}
