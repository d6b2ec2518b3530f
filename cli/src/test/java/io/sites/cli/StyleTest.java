package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Colour and symbols for a person at a terminal only: never in a pipe, with NO_COLOR or on a dumb terminal. */
class StyleTest {
    private static final String ESC = "\u001b[";

    @Test
    void aTerminalGetsColourAndSymbols() {
        Style style = Style.of(true, Map.of("TERM", "xterm-256color"), "UTF-8");
        assertThat(style.colour()).isTrue();
        assertThat(style.done("Published")).contains(ESC).contains("\u2713").endsWith("Published");
        assertThat(style.paint(Style.Tone.GREEN, "live")).isEqualTo(ESC + "32mlive" + ESC + "0m");
        assertThat(style.failed("sites:")).contains(ESC + "31m").contains("sites:");
        assertThat(Style.of(true, Map.of(), "ISO-8859-1").done("x")).as("ASCII where UTF-8 is not")
                .doesNotContain("\u2713").contains("+");
    }

    @Test
    void aPipeNoColorAndADumbTerminalGetTheWordsAlone() {
        for (Style style : new Style[] {Style.of(false, Map.of(), "UTF-8"),
                Style.of(true, Map.of("NO_COLOR", "1"), "UTF-8"), Style.of(true, Map.of("TERM", "dumb"), "UTF-8"),
                Style.PLAIN}) {
            assertThat(style.colour()).isFalse();
            assertThat(style.done("Published version 2: u")).isEqualTo("Published version 2: u");
            assertThat(style.note("Stored")).isEqualTo("Stored");
            assertThat(style.failed("sites:")).isEqualTo("sites:");
            assertThat(style.warning("warning: ")).isEqualTo("warning: ");
            assertThat(style.paint(Style.Tone.BOLD, "x")).isEqualTo("x");
        }
        // no-color.org: set to an empty string, NO_COLOR does not count.
        assertThat(Style.of(true, Map.of("NO_COLOR", ""), "UTF-8").colour()).isTrue();
    }
}
