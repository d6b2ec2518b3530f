package io.sites.cli;

/**
 * The exit codes of every command, in one place (the README's "Command line" section lists them): scripts and CI
 * branch on them, so they never change meaning.
 */
enum Exit {
    /** The command did what it was asked. */
    OK(0),
    /** The service refused: a bundle with violations, an unknown site or version, a taken slug, a rate limit. */
    REFUSED(1),
    /** The command line itself is wrong (picocli's own code for a usage error is 2 as well). */
    USAGE(2),
    /** No token, or the service refused the token (401, 403). */
    AUTH(3),
    /** The API could not be reached, timed out, or answered with a fault of its own (5xx). */
    NETWORK(4);

    final int code;

    Exit(int code) {
        this.code = code;
    }
}
