package io.sites.app.pictures;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * Asks the site server on loopback, with the site's Host header (which the JDK's HTTP client will not send), whether
 * it serves a version yet: a new version reaches the site directory a moment after the publish.
 */
final class SiteProbe {
    private static final long PAUSE_MILLIS = 250;

    private SiteProbe() {
    }

    /** Whether the address answers anything but 404 within {@code tries} pauses. */
    static boolean awaitServed(URI url, int port, int tries, BooleanSupplier stopping) {
        for (int i = 0; i < tries; i++) {
            int status = status(url, port);
            if (status / 100 == 2 || status / 100 == 3) {
                return true;
            }
            if (!pause(stopping)) {
                return false;
            }
        }
        return false;
    }

    /**
     * False when the service is stopping. The stop is a flag, not an interrupt: the same thread runs queries, and an
     * interrupt that lands in an embedded H2 write closes the whole database.
     */
    static boolean pause(BooleanSupplier stopping) {
        if (stopping.getAsBoolean()) {
            return false;
        }
        try {
            Thread.sleep(PAUSE_MILLIS);
            return !stopping.getAsBoolean();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static int status(URI url, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setSoTimeout(5000);
            String target = url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
            OutputStream out = socket.getOutputStream();
            out.write(("HEAD " + target + " HTTP/1.1\r\nHost: " + url.getRawAuthority()
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] head = new byte[12];
            int read = in.readNBytes(head, 0, 12);
            String line = new String(head, 0, read, StandardCharsets.US_ASCII);
            return line.startsWith("HTTP/1.") && line.length() >= 12 ? Integer.parseInt(line.substring(9, 12)) : 0;
        } catch (IOException | NumberFormatException unanswered) {
            return 0;
        }
    }
}
