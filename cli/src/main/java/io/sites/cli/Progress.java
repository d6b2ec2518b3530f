package io.sites.cli;

import java.io.PrintStream;

/**
 * What a publish reports while it sends files, on standard error (standard output stays for the result and for
 * {@code --json}): a bar redrawn in place on a terminal, one plain line a file otherwise (a CI log keeps every line).
 */
final class Progress {
    private static final int WIDTH = 30;

    private final PrintStream err;
    private final boolean terminal;
    private final boolean quiet;
    private long totalBytes;
    private int totalFiles;
    private long sentBytes;
    private int sentFiles;

    Progress(PrintStream err, boolean terminal, boolean quiet) {
        this.err = err;
        this.terminal = terminal;
        this.quiet = quiet;
    }

    void line(String text) {
        if (!quiet) {
            err.println(text);
        }
    }

    void start(int files, long bytes) {
        totalFiles = files;
        totalBytes = bytes;
    }

    void sent(String path, long bytes) {
        sentFiles++;
        sentBytes += bytes;
        if (quiet) {
            return;
        }
        if (terminal) {
            int filled = totalBytes == 0 ? WIDTH : (int) (WIDTH * sentBytes / totalBytes);
            err.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + sentFiles + "/"
                    + Counts.of(totalFiles, "file") + ", " + Bytes.human(sentBytes) + " of " + Bytes.human(totalBytes) + "   ");
            if (sentFiles == totalFiles) {
                err.println();
            }
        } else {
            err.println("sent " + path + " (" + Bytes.human(bytes) + ")");
        }
        err.flush();
    }
}
