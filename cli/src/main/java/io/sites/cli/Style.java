package io.sites.cli;

import java.util.Map;

/**
 * How text looks: colour and symbols for a person at a terminal; plain text for a pipe or a file, with NO_COLOR set
 * to anything (https://no-color.org) or on a dumb terminal, so that scripts and logs read exactly the same words.
 * {@code --json} never passes through here.
 */
final class Style {
    /** A terminal's colours and weights, as SGR parameters. */
    enum Tone {
        PLAIN(""), BOLD("1"), DIM("2"), RED("31"), GREEN("32"), YELLOW("33"), CYAN("36");

        private final String code;

        Tone(String code) {
            this.code = code;
        }
    }

    static final Style PLAIN = new Style(false, false);

    private final boolean colour;
    private final boolean unicode;

    Style(boolean colour, boolean unicode) {
        this.colour = colour;
        this.unicode = unicode;
    }

    /** Colour and symbols only for a terminal, without NO_COLOR, and not a dumb one. */
    static Style of(boolean terminal, Map<String, String> env, String encoding) {
        String noColor = env.get("NO_COLOR");
        boolean colour = terminal && (noColor == null || noColor.isEmpty()) && !"dumb".equals(env.get("TERM"));
        return new Style(colour, encoding != null && encoding.toUpperCase(java.util.Locale.ROOT).startsWith("UTF"));
    }

    boolean colour() {
        return colour;
    }

    String paint(Tone tone, String text) {
        if (!colour || tone == Tone.PLAIN || text.isEmpty()) {
            return text;
        }
        return "\u001b[" + tone.code + "m" + text + "\u001b[0m";
    }

    /** Something done: a green check before it on a terminal. */
    String done(String text) {
        return colour ? paint(Tone.GREEN, unicode ? "\u2713" : "+") + " " + text : text;
    }

    /** Something to look at, not a failure: a yellow mark on a terminal. */
    String note(String text) {
        return colour ? paint(Tone.YELLOW, unicode ? "\u25cb" : "o") + " " + text : text;
    }

    /** The prefix of a failure's line. */
    String failed(String prefix) {
        return colour ? paint(Tone.RED, (unicode ? "\u2717 " : "x ") + prefix) : prefix;
    }

    /** The prefix of a warning's line. */
    String warning(String prefix) {
        return paint(Tone.YELLOW, prefix);
    }
}
