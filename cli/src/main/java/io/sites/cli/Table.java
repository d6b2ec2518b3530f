package io.sites.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows under a header line, each column as wide as its widest cell, two spaces apart, no trailing spaces: what
 * {@code list}, {@code versions} and {@code history} print. Each cell may have a tone, painted after padding, so
 * that colour never shifts a column.
 */
final class Table {
    /** One cell's text and how it looks on a terminal. */
    record Cell(String text, Style.Tone tone) {
        Cell {
            text = text == null ? "" : text;
        }
    }

    private final String[] headers;
    private final boolean[] right;
    private final List<Cell[]> rows = new ArrayList<>();

    Table(String... headers) {
        this.headers = headers;
        this.right = new boolean[headers.length];
    }

    /** Numbers read best aligned on their last digit. */
    Table alignRight(int column) {
        right[column] = true;
        return this;
    }

    /** A row: each value a {@link Cell}, or anything else shown as its text, plain. */
    Table row(Object... cells) {
        if (cells.length != headers.length) {
            throw new IllegalArgumentException("A row of " + cells.length + " cells under " + headers.length
                    + " headers");
        }
        rows.add(Arrays.stream(cells).map(cell -> cell instanceof Cell c ? c
                : new Cell(cell == null ? "" : cell.toString(), Style.Tone.PLAIN)).toArray(Cell[]::new));
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    String render(Style style) {
        int[] widths = new int[headers.length];
        for (int column = 0; column < headers.length; column++) {
            widths[column] = headers[column].length();
            for (Cell[] row : rows) {
                widths[column] = Math.max(widths[column], row[column].text().length());
            }
        }
        StringBuilder text = new StringBuilder();
        Cell[] header = Arrays.stream(headers).map(h -> new Cell(h, Style.Tone.BOLD)).toArray(Cell[]::new);
        line(text, header, widths, style);
        rows.forEach(row -> line(text, row, widths, style));
        return text.toString().stripTrailing();
    }

    private void line(StringBuilder text, Cell[] cells, int[] widths, Style style) {
        StringBuilder line = new StringBuilder();
        for (int column = 0; column < cells.length; column++) {
            String value = cells[column].text();
            boolean last = column == cells.length - 1;
            String padding = " ".repeat(widths[column] - value.length());
            String padded = right[column] ? padding + value : last ? value : value + padding;
            line.append(style.paint(cells[column].tone(), padded));
            if (!last) {
                line.append("  ");
            }
        }
        text.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
}
