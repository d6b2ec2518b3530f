package io.sites.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What one run of the command line sees of its surroundings: the environment, standard input (where {@code --token -}
 * reads the token, so that it never shows in the process list), the two output streams, whether a person is
 * watching (a terminal gets a progress bar and questions; a pipe gets plain lines), and what opens an address in a
 * browser (the sign-in's). Tests pass their own.
 */
record Invocation(Map<String, String> env, InputStream in, PrintStream out, PrintStream err, boolean terminal,
        Consumer<URI> browser) {

    Invocation(Map<String, String> env, InputStream in, PrintStream out, PrintStream err, boolean terminal) {
        this(env, in, out, err, terminal, new SystemBrowser());
    }

    /** The real process: its environment and streams; a terminal when the JVM has a console on one. */
    static Invocation ofProcess() {
        return new Invocation(System.getenv(), System.in, System.out, System.err, interactive());
    }

    // Console.isTerminal() (JDK 22) tells a redirected console from a real one; on JDK 21 a console is a terminal.
    private static boolean interactive() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
