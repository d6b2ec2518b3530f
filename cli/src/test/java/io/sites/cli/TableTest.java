package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tables: a header, columns as wide as their widest cell, colour that never moves a column. */
class TableTest {
    private static final String NL = System.lineSeparator();

    @Test
    void columnsLineUpUnderTheirHeadersWithoutTrailingSpaces() {
        Table table = new Table("VERSION", "STATUS", "MESSAGE").alignRight(0)
                .row("* 12", new Table.Cell("live", Style.Tone.GREEN), "Teal")
                .row(3, "ready", "");
        assertThat(table.render(Style.PLAIN)).isEqualTo(
                "VERSION  STATUS  MESSAGE" + NL
                + "   * 12  live    Teal" + NL
                + "      3  ready");
    }

    @Test
    void colourIsAddedAfterPaddingSoTheColumnsStayWhereTheyAre() {
        Style colour = Style.of(true, Map.of(), "UTF-8");
        Table table = new Table("SLUG", "STATUS", "ADDRESS").row("shop", new Table.Cell("active", Style.Tone.GREEN),
                "https://shop.example/");
        String[] lines = table.render(colour).split(NL);
        assertThat(lines[0]).startsWith("\u001b[1mSLUG");
        assertThat(lines[1].replaceAll("\u001b\\[[0-9;]*m", "")).isEqualTo("shop  active  https://shop.example/");
        assertThat(lines[1]).contains("\u001b[32mactive\u001b[0m");
    }

    @Test
    void aRowMustFillTheHeader() {
        assertThatThrownBy(() -> new Table("A", "B").row("only one")).isInstanceOf(IllegalArgumentException.class);
        assertThat(new Table("A").isEmpty()).isTrue();
    }

    @Test
    void aStoredVersionsPreviewHostIsTheLiveHostWithItsNumberInFront() {
        assertThat(Previews.ofPage("https://shop.example.site/", 4)).isEqualTo("https://v4--shop.example.site/");
        assertThat(Previews.ofPage("http://shop.localhost:8080/", 12)).isEqualTo("http://v12--shop.localhost:8080/");
    }
}
