package io.sites.api.site;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Which bundle file a site address names: a raw request path decoded into a bundle path, and the clean-URL rules
 * that find the file for it. The site server serves by these rules and the bundle's link check judges references by
 * them, so a link the check accepts is one the server answers. Pure functions, cheap on the server's hot path.
 */
public final class ServedPaths {
    private static final String INDEX = "index.html";

    private ServedPaths() {
    }

    /** The decoded path without its leading slash, or empty when the path is malformed or can name no file. */
    public static Optional<String> decode(String rawPath) {
        if (rawPath == null || !rawPath.startsWith("/")) {
            return Optional.empty();
        }
        if (plain(rawPath)) {
            return Optional.of(rawPath.substring(1)); // nearly every request: nothing to decode, nothing to check
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(rawPath.length());
        for (int i = 1; i < rawPath.length(); i++) {
            char c = rawPath.charAt(i);
            if (c == '%') {
                if (i + 2 >= rawPath.length()) {
                    return Optional.empty();
                }
                int hi = Character.digit(rawPath.charAt(i + 1), 16);
                int lo = Character.digit(rawPath.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return Optional.empty();
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                return Optional.empty();
            }
        }
        String path;
        try {
            path = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException malformed) {
            return Optional.empty();
        }
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) < 0x20 || path.charAt(i) == 0x7f || path.charAt(i) == '\\') {
                return Optional.empty();
            }
        }
        return Optional.of(path);
    }

    /** Printable ASCII without escapes or backslashes: the path is its own decoding. */
    private static boolean plain(String rawPath) {
        for (int i = 1; i < rawPath.length(); i++) {
            char c = rawPath.charAt(i);
            if (c <= 0x20 || c >= 0x7f || c == '%' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    /**
     * The file served for a decoded path: {@code ""} and {@code dir/} serve their index.html; {@code about} serves
     * the file named so, else about.html.
     *
     * @param file looks a bundle path up, empty when the bundle has no such file
     */
    public static <T> Optional<T> served(String path, Function<String, Optional<T>> file) {
        if (path.isEmpty() || path.endsWith("/")) {
            return file.apply(path + INDEX);
        }
        Optional<T> exact = file.apply(path);
        return exact.isPresent() ? exact : file.apply(path + ".html");
    }

    /**
     * Every request path (decoded, with its leading slash) that reaches the file at {@code path}: served by
     * {@link #served}, or redirected to its directory by {@link #directoryIndex}. The same rules read the other way,
     * for a check that holds a whole bundle's addresses in one set instead of trying each rule per address.
     */
    public static void addresses(String path, Consumer<String> out) {
        out.accept("/" + path);
        if (path.endsWith(".html") && !path.equals(".html") && !path.endsWith("/.html")) {
            out.accept("/" + path.substring(0, path.length() - ".html".length()));
        }
        if (path.equals(INDEX) || path.endsWith("/" + INDEX)) {
            String directory = path.substring(0, path.length() - INDEX.length());
            out.accept("/" + directory);
            if (!directory.isEmpty()) {
                out.accept("/" + directory.substring(0, directory.length() - 1));
            }
        }
    }

    /**
     * The index a path that {@link #served} finds nothing for is redirected to when it exists ({@code docs} to
     * {@code docs/}, which serves docs/index.html), or null for a path that names no directory.
     */
    public static String directoryIndex(String path) {
        return path.isEmpty() || path.endsWith("/") ? null : path + "/" + INDEX;
    }
}
