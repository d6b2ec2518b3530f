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
    /**
     * Small, fixed in a corner, above the page, and out of the page's reach (docs/SECURITY.md, "The unclaimed-draft
     * notice"): every property of the element is set inline with {@code !important} after {@code all:initial}, which
     * no stylesheet of the page can outweigh; its declarative shadow root is closed, so no selector of the page reaches
     * inside, and its own {@code :host} rules (important ones from inside a shadow tree win over the page's) remove
     * any pseudo-element the page would lay over it. The text is in the light tree too, for a browser without
     * declarative shadow roots. The marker attribute lets a test find it.
     */
    static final String HTML = "<sites-draft-notice data-sites-draft-notice=\"\" style=\"" + Styles.HOST + "\">"
            + "<template shadowrootmode=\"closed\"><style>:host{" + Styles.HOST + "}"
            + ":host::before,:host::after{content:none!important;display:none!important}</style><slot></slot>"
            + "</template>Unclaimed draft: it expires unless claimed</sites-draft-notice>";
    /**
     * An unclaimed draft's pages run no script (theirs could remove the notice or act on the visitor before anyone
     * answers for them): a policy in the document itself, since the site server serves every website alike. It
     * narrows the sites' header policy; once the draft is claimed, its notice-free version has no such line.
     */
    static final String POLICY = "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'\">";

    /** The notice's looks, each declaration important. */
    private static final class Styles {
        static final String HOST = "all:initial!important;display:block!important;position:fixed!important;"
                + "right:8px!important;bottom:8px!important;z-index:2147483647!important;padding:4px 8px!important;"
                + "border-radius:4px!important;background:#222!important;color:#fff!important;"
                + "font:12px/1.4 system-ui,sans-serif!important;opacity:1!important;visibility:visible!important;"
                + "cursor:default!important";
    }

    private DraftNotice() {
    }

    static boolean isPage(String path) {
        String lower = path == null ? "" : path.toLowerCase(Locale.ROOT);
        return lower.endsWith(".html") || lower.endsWith(".htm");
    }

    /**
     * The page with the script policy first (after a leading doctype, so the page keeps its rendering mode) and the
     * notice at its very end: whatever the page writes, even after its {@code </body>}, comes before the notice in
     * the document, so no element of the page paints over it at the same z-index.
     */
    static byte[] marked(byte[] page) {
        String text = new String(page, StandardCharsets.UTF_8);
        String lower = text.toLowerCase(Locale.ROOT);
        int start = 0;
        while (start < text.length() && (Character.isWhitespace(text.charAt(start)) || text.charAt(start) == '\uFEFF')) {
            start++;
        }
        int close = lower.indexOf('>', start);
        int head = lower.startsWith("<!doctype", start) && close > 0 ? close + 1 : 0;
        return (text.substring(0, head) + POLICY + text.substring(head) + HTML).getBytes(StandardCharsets.UTF_8);
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
