package io.sites.app.usecases;

import io.sites.bundle.DecodedContent;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Base64;
import java.util.Locale;

/**
 * The "unclaimed draft" notice, written into a draft's HTML pages when it is published (the site server serves
 * bytes as stored and stays as fast as for any website). Also what a draft's files weigh before they are read, and
 * their bytes: a draft has inline files only, so everything here is in memory or in the request's spill files.
 */
final class DraftNotice {
    /** Small, fixed in a corner, above the page; the marker attribute lets a test (or a script) find it. */
    static final String HTML = "<div data-sites-draft-notice=\"\" style=\"position:fixed;right:8px;bottom:8px;"
            + "z-index:2147483647;padding:4px 8px;border-radius:4px;background:#222;color:#fff;"
            + "font:12px/1.4 system-ui,sans-serif;opacity:.85\">Unclaimed draft: it expires unless claimed</div>";

    private DraftNotice() {
    }

    static boolean isPage(String path) {
        String lower = path == null ? "" : path.toLowerCase(Locale.ROOT);
        return lower.endsWith(".html") || lower.endsWith(".htm");
    }

    /** The page with the notice before its last {@code </body>}, or at its end when it has none. */
    static byte[] marked(byte[] page) {
        String text = new String(page, StandardCharsets.UTF_8);
        int body = text.toLowerCase(Locale.ROOT).lastIndexOf("</body");
        String marked = body < 0 ? text + HTML : text.substring(0, body) + HTML + text.substring(body);
        return marked.getBytes(StandardCharsets.UTF_8);
    }

    /** The file's bytes as sent, or null when its source is not one this reads (the bundle reader words that). */
    static byte[] bytes(FileInput file) {
        return switch (file.source()) {
            case FileSource.Text text -> text.text().getBytes(StandardCharsets.UTF_8);
            case FileSource.Bytes bytes -> bytes.bytes();
            case FileSource.Encoded encoded -> {
                try {
                    yield Base64.getMimeDecoder().decode(encoded.base64());
                } catch (IllegalArgumentException notBase64) {
                    yield null;
                }
            }
            case FileSource.Decoded(DecodedContent.Held held) -> held.bytes();
            case FileSource.Decoded(DecodedContent.Spilled spilled) -> {
                try {
                    yield Files.readAllBytes(spilled.file());
                } catch (IOException unreadable) {
                    throw new UncheckedIOException(unreadable);
                }
            }
            default -> null;
        };
    }

    /** The file's size before it is read; inline text counts its UTF-8 bytes, base64 three quarters of its length. */
    static long size(FileInput file) {
        return switch (file.source()) {
            case FileSource.Text text -> utf8Length(text.text());
            case FileSource.Bytes bytes -> bytes.bytes().length;
            case FileSource.Encoded encoded -> encoded.base64().length() / 4L * 3;
            case FileSource.Decoded(DecodedContent.Held held) -> held.bytes().length;
            case FileSource.Decoded(DecodedContent.Spilled spilled) -> spilled.size();
            case FileSource.Decoded(DecodedContent.Oversized oversized) -> oversized.size();
            default -> 0;
        };
    }

    private static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // A surrogate pair is four bytes, two per half.
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes;
    }

    /** Whether the file names its bytes somewhere else than the request: an upload, a URL, a stored digest. */
    static boolean remote(FileInput file) {
        return file.source() instanceof FileSource.UploadKey || file.source() instanceof FileSource.SourceUrl
                || file.source() instanceof FileSource.StoredBlob;
    }
}
