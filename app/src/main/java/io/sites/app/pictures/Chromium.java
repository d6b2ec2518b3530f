package io.sites.app.pictures;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Headless Chromium as a bounded child process: one run per picture, its own throw-away profile, killed at the
 * timeout. Every host name, IP literals included, resolves to nothing but the one site host, which goes to the site
 * server on loopback, so a page can reach no other machine and no other service of this one, whatever it contains.
 * The page's scripts do not run: the picture is what its HTML and CSS draw, and a tenant's code never runs on the API
 * replica. Chromium's own sandbox stays on unless the service runs as root, where Chromium refuses to start with it.
 */
final class Chromium {
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private final Path binary;
    private final Duration timeout;
    private final int width;
    private final int height;
    /** The run under way, for {@link #kill()} from another thread. */
    private volatile Process running;

    Chromium(Path binary, Duration timeout, int width, int height) {
        this.binary = binary;
        this.timeout = timeout;
        this.width = width;
        this.height = height;
    }

    /** Whether there is a Chromium to run at the configured path. */
    boolean available() {
        return Files.isExecutable(binary);
    }

    /** The PNG Chromium took of {@code url} (plain http, its host mapped to 127.0.0.1:{@code port}). */
    byte[] screenshot(URI url, int port) throws PictureFailed {
        if (!available()) {
            throw new PictureFailed("no Chromium at " + binary);
        }
        Path work = null;
        Process process = null;
        try {
            work = Files.createTempDirectory("sites-picture");
            Path shot = work.resolve("shot.png");
            // Scripts off by the profile's content setting: the --blink-settings switch also stops the headless
            // screenshot itself, the content setting stops only the page's scripts.
            Path profile = Files.createDirectories(work.resolve("profile").resolve("Default"));
            Files.writeString(profile.resolve("Preferences"),
                    "{\"profile\":{\"default_content_setting_values\":{\"javascript\":2}}}");
            String origin = url.getScheme() + "://" + url.getRawAuthority();
            List<String> command = new java.util.ArrayList<>(List.of(binary.toString(), "--headless", "--disable-gpu",
                    "--hide-scrollbars", "--mute-audio", "--no-first-run", "--disable-sync", "--disable-extensions",
                    "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                    "--user-data-dir=" + work.resolve("profile"),
                    "--host-resolver-rules=MAP " + url.getHost() + " 127.0.0.1:" + port + ", MAP * ~NOTFOUND",
                    // The preview's grant arrives as a cookie; plain http to a site host is this browser's secure
                    // context, so a cookie marked Secure (sites served over https) is kept as the site server meant.
                    "--unsafely-treat-insecure-origin-as-secure=" + origin,
                    "--virtual-time-budget=5000", "--window-size=" + width + "," + height,
                    "--screenshot=" + shot, url.toString()));
            if (ROOT) {
                command.add(1, "--no-sandbox");
            }
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(work.resolve("chromium.log").toFile()).start();
            running = process;
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new PictureFailed("Chromium took longer than " + timeout.toSeconds() + " s");
            }
            if (!Files.isRegularFile(shot)) {
                throw new PictureFailed("Chromium exited " + process.exitValue() + " without a picture");
            }
            byte[] png = Files.readAllBytes(shot);
            if (png.length < PNG.length || !java.util.Arrays.equals(png, 0, PNG.length, PNG, 0, PNG.length)) {
                throw new PictureFailed("Chromium wrote something that is not a PNG");
            }
            return png;
        } catch (IOException broken) {
            throw new PictureFailed("Chromium could not run: " + broken.getMessage());
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
            throw new PictureFailed("stopped while Chromium ran");
        } finally {
            if (process != null && process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            delete(work);
        }
    }

    /** Ends the run under way, if any: the screenshot then fails as a run without a picture. */
    void kill() {
        Process process = running;
        if (process != null && process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // A temporary directory left behind costs nothing but disk; the picture is what matters.
        }
    }

    /** Why there is no picture, in words for the operator's log and the picture's row. */
    static final class PictureFailed extends Exception {
        PictureFailed(String reason) {
            super(reason, null, false, false);
        }
    }
}
