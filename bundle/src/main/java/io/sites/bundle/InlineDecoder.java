package io.sites.bundle;

import io.sites.bundle.decode.Base64Text;
import io.sites.bundle.decode.TextScan;
import io.sites.bundle.rules.AuthoringRules;
import io.sites.bundle.rules.ContentTypes;
import io.sites.bundle.rules.MediaType;
import io.sites.bundle.rules.PathRules;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Decodes one file's inline content fed a piece at a time (base64, or UTF-8 text), hashing on the way: held in
 * memory up to {@code spillAbove} bytes, in a temporary file in {@code spillDir} beyond, nothing kept beyond the
 * file limit. Closing deletes a temporary file that was not handed out by {@link #finish()}.
 */
public final class InlineDecoder implements AutoCloseable {
    private static final int FILE_BUFFER = 64 * 1024;

    private final Base64Text.Scan base64;
    private final TextScan text;
    private final Path spillDir;
    private final long spillAbove;
    private final long maxBytes;
    private final MessageDigest digest;
    private byte[] held = new byte[1024];
    private int heldLength;
    private Path spilled;
    private OutputStream spill;
    private long size;

    private InlineDecoder(boolean base64, Path spillDir, long spillAbove, long maxBytes) {
        this.base64 = base64 ? new Base64Text.Scan(this::write) : null;
        this.text = base64 ? null : new TextScan(this::write);
        this.spillDir = spillDir;
        this.spillAbove = spillAbove;
        this.maxBytes = Math.min(maxBytes, Integer.MAX_VALUE - 16L);
        try {
            this.digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("SHA-256 is part of every JDK", missing);
        }
    }

    /** For content with contentEncoding "base64"; any other content is decoded as text. */
    public static InlineDecoder of(boolean base64, Path spillDir, long spillAbove, BundleLimits limits) {
        return new InlineDecoder(base64, spillDir, spillAbove, limits.fileBytes());
    }

    /**
     * Whether {@link BundleReader} reads the bytes of a file with this path and declared type back into memory (its
     * authoring rules scan the type), even when they were spilled. For adapters that reserve memory before they
     * decode a request.
     */
    public static boolean readBack(String path, String declaredType) {
        String normalized = PathRules.check(path).normalized();
        if (normalized == null) {
            return false; // nothing of a file without a place is read
        }
        String byPath = ContentTypes.essenceFor(normalized);
        if (ContentTypes.isDocumentType(byPath) || declaredType == null || declaredType.isBlank()) {
            return AuthoringRules.scans(byPath);
        }
        return AuthoringRules.scans(MediaType.parse(declaredType).map(MediaType::essence).orElse(byPath));
    }

    /**
     * Base64 content as nearly every client sends it, decoded straight from the request's bytes {@code from} to
     * {@code to} (the JSON string between its quotes): canonical base64 ({@link Base64Text#decodeStrict}) within the
     * file limit. Null for anything else, which the adapter feeds to a decoder instead, for its verdict and message.
     */
    public static DecodedContent base64(byte[] request, int from, int to, BundleLimits limits) {
        if ((to - from) / 4L * 3 > limits.fileBytes()) {
            return null;
        }
        byte[] bytes = Base64Text.decodeStrict(request, from, to);
        return bytes == null ? null : new DecodedContent.Held(bytes);
    }

    /**
     * Text the adapter unescaped that is ASCII throughout (its bytes are then its UTF-8, with no surrogate to
     * check), within the file limit; null when it is larger, which a decoder reports.
     */
    public static DecodedContent ascii(byte[] text, BundleLimits limits) {
        return text.length > limits.fileBytes() ? null : new DecodedContent.Held(text);
    }

    /** The content's next characters, as the client's JSON string holds them once unescaped. */
    public void accept(char[] chars, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (base64 != null) {
                base64.accept(chars[i]);
            } else {
                text.accept(chars[i]);
            }
        }
    }

    /** The content's verdict; its temporary file, if any, is the caller's from now on. */
    public DecodedContent finish() throws IOException {
        if (base64 != null) {
            Base64Text.Inspection inspection = base64.finish();
            if (!inspection.valid()) {
                return new DecodedContent.NotBase64(inspection.problem());
            }
        } else if (text.where() != null) {
            return new DecodedContent.UnpairedSurrogate(text.bad(), text.where());
        }
        if (size > maxBytes) {
            return new DecodedContent.Oversized(size);
        }
        digest.update(held, 0, heldLength);
        String sha256 = HexFormat.of().formatHex(digest.digest());
        if (spill == null) {
            return new DecodedContent.Held(Arrays.copyOf(held, heldLength));
        }
        spill.write(held, 0, heldLength);
        spill.close();
        DecodedContent.Spilled out = new DecodedContent.Spilled(spilled, size, sha256);
        spilled = null;
        return out;
    }

    private void write(int b) {
        size++;
        if (size > maxBytes) {
            drop();
            return;
        }
        if (heldLength == held.length) {
            if (spill == null && heldLength < spillAbove) {
                held = Arrays.copyOf(held, (int) Math.min(Math.max(spillAbove, FILE_BUFFER), 2L * held.length));
            } else {
                flush();
            }
        }
        held[heldLength++] = (byte) b;
    }

    /** Writes the held bytes to the temporary file, opening it the first time, and reuses a small buffer after. */
    private void flush() {
        try {
            if (spill == null) {
                spilled = Files.createTempFile(spillDir, "content-", ".bin");
                spill = Files.newOutputStream(spilled);
            }
            digest.update(held, 0, heldLength);
            spill.write(held, 0, heldLength);
            heldLength = 0;
            if (held.length > FILE_BUFFER) {
                held = new byte[FILE_BUFFER];
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not spill inline content to " + spillDir, failed);
        }
    }

    /** Past the file limit nothing more is kept: only the size is still counted, for the message. */
    private void drop() {
        if (held.length > 0) {
            held = new byte[0];
            heldLength = 0;
            close();
        }
    }

    @Override
    public void close() {
        try {
            if (spill != null) {
                spill.close();
            }
            if (spilled != null) {
                Files.deleteIfExists(spilled);
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not delete " + spilled, failed);
        } finally {
            spill = null;
            spilled = null;
        }
    }
}
