package io.sites.bundle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Line breaks as the CSS and JavaScript rules count them for the line numbers in violations. */
class LineScannerTest {

    @Test
    void crLfIsOneBreakAndALoneCrOrLfIsOneToo() {
        LineScanner lines = LineScanner.css("a\r\nb\rc\nd");
        assertThat(lines.skipBreak(1)).isEqualTo(3);
        assertThat(lines.skipBreak(4)).isEqualTo(5);
        assertThat(lines.skipBreak(6)).isEqualTo(7);
        assertThat(lines.skipBreak(0)).as("no break at a letter").isZero();
        assertThat(lines.line()).isEqualTo(4);
    }

    @Test
    void formFeedBreaksCssLinesAndTheUnicodeSeparatorsBreakJavaScriptLines() {
        String source = "\f\u2028\u2029";
        assertThat(LineScanner.css(source).breakAt(0)).isTrue();
        assertThat(LineScanner.css(source).breakAt(1)).isFalse();
        assertThat(LineScanner.javaScript(source).breakAt(0)).isFalse();
        assertThat(LineScanner.javaScript(source).breakAt(1)).isTrue();
        assertThat(LineScanner.javaScript(source).breakAt(2)).isTrue();
    }

    @Test
    void aBlockCommentIsSkippedWithItsLinesAndAnUnclosedOneRunsToTheEnd() {
        LineScanner lines = LineScanner.javaScript("/* a\r\n b\n */x");
        assertThat(lines.skipBlockComment(0)).isEqualTo(12);
        assertThat(lines.line()).isEqualTo(3);
        LineScanner unclosed = LineScanner.css("/* a\n b");
        assertThat(unclosed.skipBlockComment(0)).isEqualTo(7);
        assertThat(unclosed.line()).isEqualTo(2);
    }
}
