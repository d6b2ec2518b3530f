package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.codes;
import static io.sites.bundle.BundleFixtures.only;
import static io.sites.bundle.BundleFixtures.page;
import static io.sites.bundle.BundleFixtures.violationsWithIndex;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** EXTERNAL_URL, IFRAME and SERVICE_WORKER in HTML, SVG, CSS and JavaScript, and what stays allowed. */
class BundleAuthoringRulesTest {

    private static String html(String head, String body) {
        return "<!doctype html>\n<html>\n<head>\n" + head + "\n</head>\n<body>\n" + body + "\n</body>\n</html>\n";
    }

    private static List<Violation> js(String path, String source) {
        return violationsWithIndex(PublishFile.text(path, source));
    }

    @Nested
    class ExternalScriptsAndStyles {

        @Test
        void scriptFromAnotherOriginNamesLineAndFix() {
            Violation v = only(page(html("<title>x</title>\n<script src=\"https://cdn.example.com/lib/x.js\"></script>",
                    "")), "EXTERNAL_URL");

            assertThat(v.path()).isEqualTo("index.html");
            assertThat(v.message()).contains("https://cdn.example.com/lib/x.js");
            assertThat(v.detail()).isEqualTo("line 5: <script src=\"https://cdn.example.com/lib/x.js\">. Download "
                    + "the script, add it to the bundle (for example as assets/x.js) and reference it with a "
                    + "relative path: <script src=\"assets/x.js\">.");
        }

        @Test
        void theSuggestedPathIsRelativeToThePage() {
            Violation v = only(violationsWithIndex(PublishFile.text("blog/2024/post.html",
                    "<script src='http://cdn.example.com/x.min.js'></script>")), "EXTERNAL_URL");

            assertThat(v.path()).isEqualTo("blog/2024/post.html");
            assertThat(v.detail()).contains("<script src=\"../../assets/x.min.js\">");
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "//cdn.example.com/x.js", "\\\\cdn.example.com\\x.js", " HTTPS://cdn.example.com/x.js",
            "ht\ntps://cdn.example.com/x.js", "data:text/javascript,alert(1)", "blob:https://example.com/1234",
            "javascript:alert(1)", "ftp://example.com/x.js"
        })
        void scriptSourcesThatAreNotPathsInTheSite(String src) {
            Violation v = only(page("<script src=\"" + src.replace("\"", "&quot;") + "\"></script>"), "EXTERNAL_URL");
            assertThat(v.detail()).startsWith("line 1: <script src=");
        }

        @Test
        void aScriptPathWithoutAUsableFileNameIsNamedAfterTheHost() {
            Violation v = only(page("<script async src=\"https://www.googletagmanager.com/gtag/js?id=G-1\"></script>"),
                    "EXTERNAL_URL");
            assertThat(v.detail()).contains("assets/googletagmanager.js");
        }

        @Test
        void svgScriptHrefInsideHtmlIsChecked() {
            only(page("<svg><script href=\"https://cdn.example.com/x.js\"></script></svg>"), "EXTERNAL_URL");
        }

        @Test
        void externalStylesheetLink() {
            Violation v = only(page(html(
                    "<link rel=\"stylesheet\" href=\"https://fonts.googleapis.com/css2?family=Inter\">", "")),
                    "EXTERNAL_URL");

            assertThat(v.message()).contains("stylesheet");
            assertThat(v.detail()).startsWith("line 4: <link rel=\"stylesheet\" href=\"https://fonts.googleapis.com")
                    .contains("<link rel=\"stylesheet\" href=\"assets/css2.css\">");
        }

        @Test
        void relTokensAreMatchedCaseInsensitively() {
            only(page("<link REL=\"Alternate  StyleSheet\" href=\"//cdn.example.com/a.css\">"), "EXTERNAL_URL");
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "<link rel=preload as=script href=https://cdn.example.com/a.js>",
            "<link rel=preload as=style href=https://cdn.example.com/a.css>",
            "<link rel=modulepreload href=https://cdn.example.com/m.js>",
            "<link rel=prefetch href=https://cdn.example.com/later.js>",
            "<link rel=prefetch as=worker href=https://cdn.example.com/w.js>",
            "<link rel=import href=https://example.com/widget.html>"
        })
        void preloadsPrefetchesAndImportsOfScriptsOrStyles(String link) {
            only(page(html(link, "")), "EXTERNAL_URL");
        }

        @Test
        void cssImportInACssFileWithLineNumbers() {
            List<Violation> violations = js("assets/css/site.css", """
                    /* @import url(https://commented.example.com/a.css); */
                    @import "https://cdn.example.com/reset.css";
                    @IMPORT url( 'https://cdn.example.com/theme.css' ) screen;
                    @import url(//cdn.example.com/grid.css);
                    @import url(local.css);
                    @import "../base.css";
                    body { content: "@import url(https://string.example.com/x.css)"; }
                    """);

            assertThat(codes(violations)).containsExactly("EXTERNAL_URL", "EXTERNAL_URL", "EXTERNAL_URL");
            assertThat(violations).extracting(Violation::detail).satisfiesExactly(
                    d -> assertThat(d).startsWith("line 2: @import \"https://cdn.example.com/reset.css\";")
                            .contains("@import url(\"../reset.css\")"),
                    d -> assertThat(d).startsWith("line 3:").contains("theme.css"),
                    d -> assertThat(d).startsWith("line 4:").contains("grid.css"));
        }

        @Test
        void cssImportInAStyleElement() {
            Violation v = only(page(html("<style>\n  @import url('https://cdn.example.com/x.css');\n</style>", "")),
                    "EXTERNAL_URL");

            assertThat(v.message()).contains("<style> element");
            assertThat(v.detail()).startsWith("line 5:");
        }

        @Test
        void cssImportInAStyleAttribute() {
            Violation v = only(page("<p>x</p>\n<div style=\"@import 'https://cdn.example.com/x.css'; color: red\">"),
                    "EXTERNAL_URL");

            assertThat(v.message()).contains("style attribute of <div>");
            assertThat(v.detail()).startsWith("line 2:");
        }

        @Test
        void staticImportsFromAnotherOriginInAModuleFile() {
            List<Violation> violations = js("app.mjs", """
                    import React from 'https://esm.sh/react@18';
                    import "https://cdn.example.com/side-effect.js";
                    import { a, b as c } from "//cdn.example.com/ab.js";
                    import * as ns from 'http://cdn.example.com/ns.js';
                    import def, { x } from 'data:text/javascript,export default 1';
                    import local from './local.js';
                    import bare from 'lodash';
                    """);

            assertThat(violations).extracting(Violation::detail).hasSize(5).satisfiesExactly(
                    d -> assertThat(d).startsWith("line 1: import React from 'https://esm.sh/react@18';")
                            .contains("\"./assets/react18.js\""),
                    d -> assertThat(d).startsWith("line 2:"),
                    d -> assertThat(d).startsWith("line 3:"),
                    d -> assertThat(d).startsWith("line 4:"),
                    d -> assertThat(d).startsWith("line 5:"));
            assertThat(codes(violations)).containsOnly("EXTERNAL_URL");
        }

        @Test
        void dynamicImportsReexportsAndImportScripts() {
            List<Violation> violations = js("js/main.js", """
                    const m = await import('//cdn.example.com/m.js');
                    const t = await import(`https://cdn.example.com/${name}.js`);
                    export * from 'http://cdn.example.com/all.js';
                    export { x as y } from "https://cdn.example.com/x.js";
                    importScripts('https://cdn.example.com/w1.js', "local.js", 'https://cdn.example.com/w2.js');
                    self.importScripts("https://cdn.example.com/w3.js");
                    const later = import(computed);
                    """);

            assertThat(codes(violations)).containsOnly("EXTERNAL_URL").hasSize(7);
            assertThat(violations).extracting(Violation::detail)
                    .anySatisfy(d -> assertThat(d).startsWith("line 1:").contains("\"../assets/m.js\""))
                    .anySatisfy(d -> assertThat(d).startsWith("line 2:"))
                    .anySatisfy(d -> assertThat(d).startsWith("line 6:"));
        }

        @Test
        void importsInInlineModuleScriptsAndHandlers() {
            List<Violation> violations = page(html("", """
                    <script type="module">
                      import { h } from 'https://unpkg.com/preact?module';
                    </script>
                    <button onclick="import('https://cdn.example.com/chat.js')">Chat</button>"""));

            assertThat(codes(violations)).containsExactly("EXTERNAL_URL", "EXTERNAL_URL");
            assertThat(violations.get(0).detail()).startsWith("line 8:");
            assertThat(violations.get(1).message()).contains("onclick attribute of <button>");
            assertThat(violations.get(1).detail()).startsWith("line 10:");
        }

        @Test
        void importMapEntriesPointingElsewhere() {
            Violation v = only(page(html("""
                    <script type="importmap">
                    { "imports": { "vue": "https://unpkg.com/vue@3/dist/vue.esm-browser.js", "app": "./app.js" } }
                    </script>""", "")), "EXTERNAL_URL");

            assertThat(v.message()).contains("import map");
            assertThat(v.detail()).startsWith("line 5:");
        }

        @Test
        void anExternalBaseMakesRelativeScriptsExternal() {
            Violation v = only(page(html("<base href=\"https://cdn.example.com/\">\n<script src=\"app.js\"></script>",
                    "<a href=\"page.html\">link</a>")), "EXTERNAL_URL");

            assertThat(v.message()).contains("<base href=").contains("\"app.js\"");
            assertThat(v.detail()).startsWith("line 4: <base href=");
        }

        @Test
        void svgFilesAreCheckedForScriptsAndStylesheets() {
            List<Violation> violations = js("img/logo.svg", """
                    <?xml version="1.0"?>
                    <?xml-stylesheet type="text/css" href="https://cdn.example.com/svg.css"?>
                    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
                      <script xlink:href="https://cdn.example.com/x.js"/>
                      <style>@import url(https://cdn.example.com/y.css);</style>
                    </svg>
                    """);

            assertThat(codes(violations)).containsExactly("EXTERNAL_URL", "EXTERNAL_URL", "EXTERNAL_URL");
            assertThat(violations).extracting(Violation::detail)
                    .satisfiesExactly(d -> assertThat(d).startsWith("line 2:"),
                            d -> assertThat(d).startsWith("line 4:"),
                            d -> assertThat(d).startsWith("line 5:"));
        }
    }

    @Nested
    class Frames {

        @Test
        void iframeNamesLineAndFix() {
            Violation v = only(page(html("", "<h1>Video</h1>\n<iframe src=\"https://www.youtube.com/embed/abc\">"
                    + "</iframe>")), "IFRAME");

            assertThat(v.message()).contains("<iframe>").contains("line 8");
            assertThat(v.detail()).startsWith("line 8: <iframe src=\"https://www.youtube.com/embed/abc\">.")
                    .contains("<a href=\"https://www.youtube.com/embed/abc\">");
        }

        @Test
        void framesetAndFrame() {
            List<Violation> violations = page("<!doctype html><html><head></head>\n<frameset cols=\"50%,50%\">\n"
                    + "<frame src=\"a.html\"><frame src=\"b.html\"></frameset></html>");

            assertThat(codes(violations)).containsExactly("IFRAME", "IFRAME", "IFRAME");
            assertThat(violations.get(0).message()).contains("<frameset>");
            assertThat(violations.get(1).message()).contains("<frame>");
        }

        @Test
        void iframeInsideTemplateNoscriptAndInlineSvg() {
            List<Violation> violations = page(html("", """
                    <template><iframe src="a.html"></iframe></template>
                    <noscript><iframe src="https://www.googletagmanager.com/ns.html"></iframe></noscript>
                    <svg><foreignObject><iframe srcdoc="<p>x</p>"></iframe></foreignObject></svg>"""));

            assertThat(codes(violations)).containsExactly("IFRAME", "IFRAME", "IFRAME");
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "<object data=\"page.html\"></object>",
            "<object data=\"menu\" type=\"text/html\"></object>",
            "<object data=\"docs/menu.pdf\"></object>",
            "<object data=\"x\" type=\"application/pdf\"></object>",
            "<embed src=\"logo.svg\">",
            "<embed src=\"feed.xml\">",
            "<embed src=\"https://example.com/player\">",
            "<object data=\"//example.com/thing.png\"></object>",
            "<object type=\"image/svg+xml\"></object>"
        })
        void objectsAndEmbedsOfDocumentsOrOtherOrigins(String element) {
            Violation v = only(page(element), "IFRAME");
            assertThat(v.detail()).startsWith("line 1: <");
        }

        @Test
        void anEmbeddedPdfSuggestsALink() {
            Violation v = only(page("<object data=\"menu.pdf\" type=\"application/pdf\"></object>"), "IFRAME");
            assertThat(v.detail()).contains("<a href=\"menu.pdf\">");
        }

        @Test
        void iframesInsideSvgFiles() {
            List<Violation> violations = js("art.svg", """
                    <svg xmlns="http://www.w3.org/2000/svg">
                      <foreignObject width="100" height="100">
                        <iframe xmlns="http://www.w3.org/1999/xhtml" src="https://example.com"/>
                      </foreignObject>
                    </svg>""");

            Violation v = only(violations, "IFRAME");
            assertThat(v.detail()).startsWith("line 3:");
        }

        @Test
        void objectsOfImagesAndMediaInTheSiteAreAllowed() {
            assertThat(page("<object data=\"img/chart.png\" type=\"image/png\"></object><embed src=\"a.mp4\">"))
                    .isEmpty();
        }
    }

    @Nested
    class ServiceWorkers {

        @Test
        void registrationInAnInlineScript() {
            Violation v = only(page(html("", """
                    <script>
                      if ('serviceWorker' in navigator) {
                        navigator.serviceWorker.register('/sw.js');
                      }
                    </script>""")), "SERVICE_WORKER");

            assertThat(v.message()).contains("<script> element").contains("line 9");
            assertThat(v.detail()).isEqualTo("line 9: navigator.serviceWorker.register('/sw.js');. Remove the "
                    + "service worker registration (and the worker script if nothing else uses it); the site is "
                    + "served without a service worker, offline caching is not available.");
        }

        @Test
        void registrationInAHandlerAttributeAndAJavascriptUrl() {
            List<Violation> violations = page("""
                    <body onload="navigator.serviceWorker.register('sw.js')">
                    <a href="javascript:navigator.serviceWorker.register(%27sw.js%27)">offline</a>""");

            assertThat(codes(violations)).containsExactly("SERVICE_WORKER", "SERVICE_WORKER");
            assertThat(violations.get(0).message()).contains("onload attribute of <body>");
            assertThat(violations.get(1).detail()).startsWith("line 2:");
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "navigator.serviceWorker.register('/sw.js');",
            "window.navigator.serviceWorker.register('/sw.js', { scope: '/' });",
            "navigator.serviceWorker?.register('/sw.js');",
            "navigator?.serviceWorker?.register?.('/sw.js');",
            "navigator.serviceWorker['register']('/sw.js');",
            "navigator.serviceWorker?.[\"register\"]('/sw.js');",
            "navigator['serviceWorker'].register('/sw.js');",
            "navigator[\"serviceWorker\"][`register`]('/sw.js');",
            "navigator.\\u0073erviceWorker.register('/sw.js');",
            "const sw = navigator.serviceWorker;\nsw.register('/sw.js');",
            "let c; c = navigator['serviceWorker']; c?.register('/sw.js');",
            "const { serviceWorker } = navigator;\nserviceWorker.register('/sw.js');",
            "const { serviceWorker: container } = navigator; container.register('/sw.js');",
            "const reg = navigator.serviceWorker.register.bind(navigator.serviceWorker);",
            "navigator.serviceWorker\n  .register('/sw.js')\n  .then(r => console.log(r));"
        })
        void registrationSpellingsInJavaScriptFiles(String source) {
            Violation v = only(js("js/app.js", source), "SERVICE_WORKER");
            assertThat(v.path()).isEqualTo("js/app.js");
            assertThat(v.detail()).startsWith("line ");
        }

        @Test
        void linkRelServiceworker() {
            only(page("<link rel=\"serviceworker\" href=\"/sw.js\">"), "SERVICE_WORKER");
        }

        @Test
        void registrationInsideAnSvgScript() {
            only(js("a.svg", "<svg xmlns='http://www.w3.org/2000/svg'><script><![CDATA[\n"
                    + "navigator.serviceWorker.register('sw.js')\n]]></script></svg>"), "SERVICE_WORKER");
        }

        @Test
        void unregisteringAndFeatureChecksAreAllowed() {
            assertThat(js("cleanup.js", """
                    if ('serviceWorker' in navigator) {
                      navigator.serviceWorker.getRegistrations().then(rs => rs.forEach(r => r.unregister()));
                      navigator.serviceWorker.ready.then(() => {});
                    }
                    customElements.define('x-a', class extends HTMLElement {});
                    registry.register('thing');
                    """)).isEmpty();
        }
    }

    @Nested
    class AllowedContent {

        @Test
        void relativeAndInlineScriptsStylesAndExternalLinksImagesMediaFonts() {
            String page = html("""
                    <meta charset="utf-8">
                    <link rel="stylesheet" href="assets/site.css">
                    <link rel="stylesheet" href="/assets/print.css" media="print">
                    <link rel="icon" href="https://example.com/favicon.ico">
                    <link rel="preconnect" href="https://fonts.gstatic.com">
                    <link rel="preload" as="font" href="https://fonts.gstatic.com/s/inter.woff2" crossorigin>
                    <link rel="preload" as="image" href="https://images.example.com/hero.webp">
                    <link rel="canonical" href="https://example.com/">
                    <script src="js/app.js" defer></script>
                    <script src="./js/module.mjs" type="module"></script>
                    <script type="application/ld+json">{"@context": "https://schema.org", "url": "https://x.example"}
                    </script>
                    <style>
                      @font-face { font-family: X; src: url(https://fonts.gstatic.com/s/x.woff2) format('woff2'); }
                      body { background: url("https://images.example.com/bg.jpg"); }
                      /* @import url(https://cdn.example.com/commented.css); */
                    </style>""", """
                    <a href="https://example.com/about">About us at https://example.com</a>
                    <p>Load &lt;script src="https://cdn.example.com/x.js"&gt; in your own site.</p>
                    <pre><code>import x from 'https://cdn.example.com/x.js'; navigator.serviceWorker.register('sw.js')</code></pre>
                    <!-- <script src="https://cdn.example.com/old.js"></script> <iframe src="x"></iframe> -->
                    <img src="https://images.example.com/a.jpg" alt="">
                    <video src="https://media.example.com/v.mp4" controls></video>
                    <audio><source src="https://media.example.com/a.mp3"></audio>
                    <form action="https://forms.example.com/submit"><button>Send</button></form>
                    <div style="background-image: url(https://images.example.com/x.png)"></div>
                    <button onclick="location.href='https://example.com'">Go</button>
                    <script>
                      // import x from 'https://cdn.example.com/commented.js';
                      /* navigator.serviceWorker.register('/sw.js') */
                      const api = "https://api.example.com/import('https://x.example/y.js')";
                      const doc = `import a from 'https://cdn.example.com/a.js'`;
                      const re = /import\\('https:\\/\\/x'\\)/g;
                      fetch('https://api.example.com/data').then(r => r.json());
                      const img = new Image(); img.src = 'https://images.example.com/p.png';
                      const o = { import: 'https://cdn.example.com/x.js' };
                      console.log("navigator.serviceWorker.register('sw.js')");
                    </script>""");

            assertThat(page(page)).isEmpty();
        }

        @Test
        void javaScriptAndCssFilesWithUrlsInCommentsAndStrings() {
            assertThat(violationsWithIndex(
                    PublishFile.text("a.js", """
                            // import x from 'https://cdn.example.com/x.js'
                            /* export * from "https://cdn.example.com/y.js" */
                            const s = 'import("https://cdn.example.com/z.js")';
                            const u = "it's"; const q = 1 / 2; const r = /'/; const t = `a ${"b"} c`;
                            import local from "./local.js";
                            export { thing } from './thing.js';
                            const meta = import.meta.url;
                            obj.import('https://cdn.example.com/not-a-module.js');
                            """),
                    PublishFile.text("b.css", """
                            /* @import "https://cdn.example.com/a.css"; */
                            @import "local.css";
                            @font-face { src: url(https://fonts.gstatic.com/x.woff2); }
                            a::after { content: "@import 'https://cdn.example.com/x.css'"; }
                            """),
                    PublishFile.text("notes.txt", "<script src=\"https://cdn.example.com/x.js\"></script>"),
                    PublishFile.text("data.json", "{\"script\": \"import('https://cdn.example.com/x.js')\"}")))
                    .isEmpty();
        }

        @Test
        void aRegexLiteralWithAQuoteDoesNotHideTheNextLine() {
            Violation v = only(js("a.js", "const r = /'/;\nimport x from 'https://cdn.example.com/x.js';"),
                    "EXTERNAL_URL");
            assertThat(v.detail()).startsWith("line 2:");
        }

        @Test
        void largeScriptsAreScannedToTheEndWithCorrectLines() {
            StringBuilder source = new StringBuilder();
            for (int i = 1; i <= 200_000; i++) {
                source.append("var a").append(i).append(" = ").append(i).append("; // https://x.example/").append('\n');
                if (i == 100_000) {
                    source.append("navigator.serviceWorker.register('/sw.js');\n");
                }
            }
            source.append("import('https://cdn.example.com/late.js');\n");

            List<Violation> violations = js("big.js", source.toString());

            assertThat(violations).extracting(Violation::code).containsExactly("EXTERNAL_URL", "SERVICE_WORKER");
            assertThat(violations.get(0).detail()).startsWith("line 200002:");
            assertThat(violations.get(1).detail()).startsWith("line 100001:");
        }

        @Test
        void templateSubstitutionsAreCode() {
            Violation v = only(js("a.js", "const s = `value: ${await import('https://cdn.example.com/x.js')}`;"),
                    "EXTERNAL_URL");
            assertThat(v.detail()).startsWith("line 1:");
        }
    }
}
