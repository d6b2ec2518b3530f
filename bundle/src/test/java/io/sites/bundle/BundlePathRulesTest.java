package io.sites.bundle;

import static io.sites.bundle.BundleFixtures.INDEX;
import static io.sites.bundle.BundleFixtures.codes;
import static io.sites.bundle.BundleFixtures.inputs;
import static io.sites.bundle.BundleFixtures.only;
import static io.sites.bundle.BundleFixtures.reader;
import static io.sites.bundle.BundleFixtures.violations;
import static io.sites.bundle.BundleFixtures.violationsWithIndex;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** INVALID_PATH, one test per rule, normalisation and DUPLICATE_PATH. */
class BundlePathRulesTest {

    private static Violation invalid(String path) {
        return only(violationsWithIndex(PublishFile.text(path, "x")), "INVALID_PATH");
    }

    @Test
    void emptyPath() {
        Violation v = invalid("");
        assertThat(v.message()).contains("is empty");
    }

    @Test
    void pathOfOnlyDotSlashIsEmpty() {
        assertThat(invalid("./").message()).contains("is empty");
    }

    @Test
    void missingPath() {
        Violation v = only(violationsWithIndex(new PublishFile(null, "x", null, null, null, null)), "INVALID_PATH");
        assertThat(v.message()).contains("no path");
        assertThat(v.path()).isNull();
    }

    @Test
    void absolutePath() {
        Violation v = invalid("/assets/app.css");
        assertThat(v.path()).isEqualTo("/assets/app.css");
        assertThat(v.message()).contains("starts with \"/\"");
        assertThat(v.detail()).contains("\"assets/app.css\"");
    }

    @Test
    void dotDotSegment() {
        Violation v = invalid("assets/../../etc/passwd");
        assertThat(v.message()).contains("\"..\"");
    }

    @Test
    void backslash() {
        Violation v = invalid("assets\\app.css");
        assertThat(v.message()).contains("backslash");
        assertThat(v.detail()).contains("\"assets/app.css\"");
    }

    @Test
    void controlCharacter() {
        Violation v = invalid("assets/app\n.css");
        assertThat(v.message()).contains("U+000A").contains("position 11");
    }

    @Test
    void loneSurrogateIsNotUnicode() {
        Violation v = invalid("assets/\udc00.css");
        assertThat(v.message()).contains("U+DC00").contains("position 8").contains("valid Unicode");
        assertThat(v.detail()).contains("\"assets/.css\"");
        assertThat(invalid("\ud83d").message()).contains("U+D83D");
    }

    @Test
    void surrogatePairIsAccepted() {
        assertThat(codes(violationsWithIndex(PublishFile.text("images/\ud83d\ude00.css", "x"))))
                .doesNotContain("INVALID_PATH");
    }

    @Test
    void emptySegment() {
        Violation v = invalid("assets//app.css");
        assertThat(v.message()).contains("empty segment");
        assertThat(v.detail()).contains("\"assets/app.css\"");
    }

    @Test
    void trailingSlash() {
        Violation v = invalid("docs/");
        assertThat(v.message()).contains("names a directory");
        assertThat(v.detail()).contains("docs/index.html");
    }

    @Test
    void finalDotNamesADirectory() {
        assertThat(invalid("docs/.").message()).contains("names a directory");
    }

    @ParameterizedTest
    @CsvSource({"page.html?v=2", "page.html#top"})
    void queryOrFragment(String path) {
        Violation v = invalid(path);
        assertThat(v.message()).contains("\"?\" or \"#\"");
        assertThat(v.detail()).contains("\"page.html\"");
    }

    @Test
    void pathLongerThan1024Characters() {
        String path = ("d".repeat(200) + "/").repeat(5) + "f".repeat(30) + ".txt";
        assertThat(path.length()).isGreaterThan(1024);
        assertThat(invalid(path).message()).contains("at most 1024");
    }

    @Test
    void pathOfExactly1024CharactersIsAllowed() {
        String path = ("d".repeat(200) + "/").repeat(5) + "f".repeat(15) + ".txt";
        assertThat(path).hasSize(1024);
        assertThat(violationsWithIndex(PublishFile.text(path, "x"))).isEmpty();
    }

    @Test
    void segmentLongerThan255Characters() {
        Violation v = invalid("assets/" + "n".repeat(252) + ".css");
        assertThat(v.message()).contains("256 characters").contains("at most 255");
    }

    @Test
    void everyBrokenRuleOfOnePathIsReported() {
        List<Violation> violations = violationsWithIndex(PublishFile.text("/a\\b//c/", "x"));

        assertThat(codes(violations)).containsOnly("INVALID_PATH").hasSize(4);
        assertThat(violations).extracting(Violation::message).anyMatch(m -> m.contains("starts with"))
                .anyMatch(m -> m.contains("backslash")).anyMatch(m -> m.contains("empty segment"))
                .anyMatch(m -> m.contains("directory"));
    }

    @Test
    void pathsAreNormalisedToNfcWithoutDotSegments() {
        String decomposed = "cafe\u0301/./menu.html"; // e + combining acute accent
        Bundle bundle = reader().read(inputs(List.of(INDEX, PublishFile.text("./" + decomposed, "<p>menu</p>"))));

        assertThat(bundle.files()).extracting(BundleFile::path).containsExactly("index.html", "caf\u00e9/menu.html");
    }

    @Test
    void duplicatePathsAfterNormalisationAreReportedOncePerExtraOccurrence() {
        List<Violation> violations = violations(
                INDEX,
                PublishFile.text("assets/app.css", "a{}"),
                PublishFile.text("./assets/app.css", "b{}"),
                PublishFile.text("assets/./app.css", "c{}"));

        assertThat(codes(violations)).containsExactly("DUPLICATE_PATH", "DUPLICATE_PATH");
        assertThat(violations).extracting(Violation::path).containsExactly("./assets/app.css", "assets/./app.css");
        assertThat(violations.get(0).detail()).contains("files[1]").contains("\"assets/app.css\"");
        assertThat(violations.get(0).message()).contains("files[2]");
    }

    @Test
    void nfcAndNfdSpellingsAreDuplicates() {
        List<Violation> violations = violationsWithIndex(
                PublishFile.text("caf\u00e9.txt", "a"), PublishFile.text("cafe\u0301.txt", "b"));

        assertThat(only(violations, "DUPLICATE_PATH").path()).isEqualTo("cafe\u0301.txt");
    }

    @Test
    void theSamePathTwiceIsADuplicate() {
        only(violations(INDEX, INDEX), "DUPLICATE_PATH");
    }

    @Test
    void unicodeSpacesAndDotFilesAreFine() {
        assertThat(violationsWithIndex(
                PublishFile.text("Menü Karte/über uns.txt", "x"),
                PublishFile.text(".well-known/security.txt", "x"))).isEmpty();
    }
}
