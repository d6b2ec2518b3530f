package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.INDEX;
import static io.sites.bundle.BundleFixtures.inputs;
import static io.sites.bundle.BundleFixtures.only;
import static io.sites.bundle.BundleFixtures.reader;
import static io.sites.bundle.BundleFixtures.violationsWithIndex;
import static io.sites.bundle.BundleFixtures.withType;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import io.sites.bundle.rules.ContentTypes;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Inference from the extension and CONTENT_TYPE_MISMATCH. */
class BundleContentTypesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            index.html        | text/html; charset=utf-8
            old/page.HTM      | text/html; charset=utf-8
            a.css             | text/css; charset=utf-8
            a.js              | text/javascript; charset=utf-8
            a.mjs             | text/javascript; charset=utf-8
            a.cjs             | text/javascript; charset=utf-8
            a.json            | application/json; charset=utf-8
            a.js.map          | application/json; charset=utf-8
            site.webmanifest  | application/manifest+json; charset=utf-8
            a.txt             | text/plain; charset=utf-8
            a.md              | text/markdown; charset=utf-8
            a.csv             | text/csv; charset=utf-8
            a.xml             | application/xml; charset=utf-8
            a.svg             | image/svg+xml; charset=utf-8
            a.png             | image/png
            a.JPG             | image/jpeg
            a.jpeg            | image/jpeg
            a.gif             | image/gif
            a.webp            | image/webp
            a.avif            | image/avif
            favicon.ico       | image/x-icon
            a.bmp             | image/bmp
            a.woff            | font/woff
            a.woff2           | font/woff2
            a.ttf             | font/ttf
            a.otf             | font/otf
            a.eot             | application/vnd.ms-fontobject
            a.mp4             | video/mp4
            a.webm            | video/webm
            a.ogg             | audio/ogg
            a.mp3             | audio/mpeg
            a.wav             | audio/wav
            a.m4a             | audio/mp4
            a.pdf             | application/pdf
            a.wasm            | application/wasm
            a.zip             | application/zip
            README            | application/octet-stream
            a.unknownext      | application/octet-stream
            dir.v2/file       | application/octet-stream
            """)
    void infersTypesFromTheExtension(String path, String expected) {
        assertThat(ContentTypes.infer(path)).isEqualTo(expected);
    }

    @Test
    void documentTypesAreHtmlXhtmlAndSvg() {
        assertThat(ContentTypes.isDocumentType("text/html")).isTrue();
        assertThat(ContentTypes.isDocumentType("TEXT/HTML; charset=utf-8")).isTrue();
        assertThat(ContentTypes.isDocumentType("application/xhtml+xml")).isTrue();
        assertThat(ContentTypes.isDocumentType("image/svg+xml")).isTrue();
        assertThat(ContentTypes.isDocumentType("text/plain")).isFalse();
        assertThat(ContentTypes.isDocumentType("image/png")).isFalse();
        assertThat(ContentTypes.isDocumentType(null)).isFalse();
    }

    @Test
    void anExplicitTypeIsNormalisedAndTextTypesGetUtf8() {
        var bundle = reader().read(inputs(List.of(INDEX,
                withType("data/feed", "{}", "Application/JSON"),
                withType("a.txt", "x", "text/plain; charset=ISO-8859-1"),
                withType("b.bin", "x", "image/x-custom"))));

        assertThat(bundle.file("data/feed").orElseThrow().contentType()).isEqualTo("application/json; charset=utf-8");
        assertThat(bundle.file("a.txt").orElseThrow().contentType()).isEqualTo("text/plain; charset=iso-8859-1");
        assertThat(bundle.file("b.bin").orElseThrow().contentType()).isEqualTo("image/x-custom");
    }

    @ParameterizedTest
    @ValueSource(strings = {"text html", "text/", "/html", "text/html;", "text/html; charset", "ä/b", "text/html, x"})
    void syntacticallyInvalidTypesAreRejected(String type) {
        if (type.equals("text/html;")) {
            // a trailing semicolon is tolerated
            assertThat(violationsWithIndex(withType("a.html", "<p>x", type))).isEmpty();
            return;
        }
        Violation v = only(violationsWithIndex(withType("a.txt", "x", type)), "CONTENT_TYPE_MISMATCH");
        assertThat(v.message()).contains("not a valid MIME type");
        assertThat(v.detail()).contains("text/plain");
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/html", "application/xhtml+xml", "image/svg+xml", "text/html; charset=utf-8"})
    void documentTypesAreRejectedOnOtherPaths(String type) {
        Violation v = only(violationsWithIndex(withType("notes.txt", "<p>x</p>", type)), "CONTENT_TYPE_MISMATCH");
        assertThat(v.path()).isEqualTo("notes.txt");
        assertThat(v.message()).contains("accepted only on");
        assertThat(v.detail()).containsAnyOf("\"notes.html\"", "\"notes.svg\"").contains("text/plain");
    }

    @Test
    void htmlTypeOnAnExtensionlessPathIsRejected() {
        only(violationsWithIndex(withType("about", "<p>x</p>", "text/html")), "CONTENT_TYPE_MISMATCH");
    }

    @Test
    void anHtmlFileDeclaredAsSomethingElseIsRejected() {
        Violation v = only(violationsWithIndex(withType("about.html", "<p>x</p>", "text/plain")),
                "CONTENT_TYPE_MISMATCH");
        assertThat(v.message()).contains(".html and .htm files must be text/html");
    }

    @Test
    void anSvgFileDeclaredAsSomethingElseIsRejected() {
        Violation v = only(violationsWithIndex(withType("logo.svg", "<svg/>", "text/html")), "CONTENT_TYPE_MISMATCH");
        assertThat(v.message()).contains(".svg files must be image/svg+xml");
    }

    @Test
    void documentTypesOnTheirOwnPathsAreFine() {
        assertThat(violationsWithIndex(
                withType("a.html", "<p>x", "text/html; charset=utf-8"),
                withType("b.htm", "<p>x", "application/xhtml+xml"),
                withType("c.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"),
                PublishFile.text("d.css", "a{}"))).isEmpty();
    }
}
