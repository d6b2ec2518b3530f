package io.sites.bundle;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.bundle.decode.Base64Text;
import io.sites.bundle.rules.Findings;
import io.sites.bundle.rules.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A file's body turned into bytes: inline content (UTF-8 text or base64), content the adapter decoded while reading
 * the request, or a remote file resolved by {@link RemoteFiles}; with the INVALID_FILE and INVALID_ENCODING verdicts
 * on the way.
 */
final class FileBody {

    private FileBody() {}

    /** What a sha256 body must look like: a SHA-256 in lowercase hex, as blobs are named. */
    private static final java.util.regex.Pattern DIGEST = java.util.regex.Pattern.compile("[0-9a-f]{64}");

    /**
     * Reads the one body a file must have (content, sourceUrl, uploadKey or sha256) into {@code e}, with the
     * INVALID_FILE and INVALID_ENCODING verdicts; a remote file is resolved only when {@code fetch} is true and its
     * path is valid, a stored blob named by its digest whenever its path is valid (it is never fetched).
     *
     * @return the type the remote file's source declared, or null
     */
    static String read(FileEntry e, RemoteFiles remote, boolean fetch, long fileLimit) {
        switch (e.file.source()) {
            case FileSource.Bytes held -> readDecoded(e, new DecodedContent.Held(held.bytes()));
            case FileSource.Text text -> readContent(e, text.text(), false, fileLimit);
            case FileSource.Encoded encoded -> readContent(e, encoded.base64(), true, fileLimit);
            case FileSource.Decoded decoded -> readDecoded(e, decoded.content());
            case FileSource.UploadKey upload -> {
                return resolveIfValid(e, fetch ? remote : null);
            }
            case FileSource.SourceUrl source -> {
                return resolveIfValid(e, fetch ? remote : null);
            }
            case FileSource.StoredBlob digest -> {
                return resolveDigest(e, digest.sha256(), remote);
            }
            case FileSource.Malformed sent -> {
                return readMalformed(e, sent, remote, fetch, fileLimit);
            }
        }
        return null;
    }

    private static String resolveIfValid(FileEntry e, RemoteFiles remote) {
        return remote != null && e.pathValid ? resolve(e, remote) : null;
    }

    /** A digest that cannot name a blob is the client's typo, said here; a well-formed one is looked up. */
    private static String resolveDigest(FileEntry e, String sha256, RemoteFiles remote) {
        if (!DIGEST.matcher(sha256).matches()) {
            e.findings.add(ViolationCode.INVALID_FILE,
                    "File " + e.findings.file() + " has sha256 " + Text.quote(sha256) + ", which is not a SHA-256 "
                            + "digest: 64 lowercase hexadecimal characters.",
                    "Send the SHA-256 of the file's bytes as 64 characters 0-9 and a-f (the sha256 a version's "
                            + "files or an upload's PUT answered), or send the bytes instead.");
            return null;
        }
        return resolveIfValid(e, remote);
    }

    /** A file object the interface refuses as sent: every verdict its fields earn, worded after them. */
    private static String readMalformed(FileEntry e, FileSource.Malformed sent, RemoteFiles remote, boolean fetch,
            long fileLimit) {
        Findings out = e.findings;
        String encoding = sent.contentEncoding();
        boolean base64 = "base64".equals(encoding);
        boolean encodingKnown = encoding == null || base64 || "utf8".equals(encoding);
        if (!encodingKnown) {
            out.add(ViolationCode.INVALID_ENCODING,
                    "File " + out.file() + " has contentEncoding " + Text.quote(encoding)
                            + ", which is not one of \"utf8\" and \"base64\".",
                    encodingFix(encoding));
        }

        List<String> bodies = new ArrayList<>(4);
        boolean content = sent.content() != null || sent.decoded() != null;
        if (content) {
            bodies.add("content");
        }
        if (FileSource.present(sent.sourceUrl())) {
            bodies.add("sourceUrl");
        }
        if (FileSource.present(sent.uploadKey())) {
            bodies.add("uploadKey");
        }
        if (FileSource.present(sent.sha256())) {
            bodies.add("sha256");
        }
        String hint = null;
        if (bodies.isEmpty()) {
            out.add(ViolationCode.INVALID_FILE,
                    "File " + out.file() + " has no body: exactly one of content, sourceUrl, uploadKey or sha256 is "
                            + "required.",
                    "Put the file's text in content (UTF-8), or its bytes base64-encoded in content with "
                            + "contentEncoding \"base64\". An empty file is content \"\".");
        } else if (bodies.size() > 1) {
            out.add(ViolationCode.INVALID_FILE,
                    "File " + out.file() + " has more than one body (" + String.join(" and ", bodies)
                            + "); exactly one of content, sourceUrl, uploadKey or sha256 is allowed.",
                    "Keep only one of " + String.join(", ", bodies) + " and remove the other"
                            + (bodies.size() > 2 ? "s" : "") + ".");
        } else if (content) {
            if (encodingKnown && sent.decoded() != null) {
                readDecoded(e, sent.decoded());
            } else if (encodingKnown) {
                readContent(e, sent.content(), base64, fileLimit);
            }
        } else if (FileSource.present(sent.sha256())) {
            hint = resolveDigest(e, sent.sha256(), remote);
        } else {
            hint = resolveIfValid(e, fetch ? remote : null);
        }
        return hint;
    }

    /** Inline content as sent: base64 or UTF-8 text; bytes kept only when the file is within {@code fileLimit}. */
    private static void readContent(FileEntry e, String content, boolean base64, long fileLimit) {
        if (base64) {
            // Almost every client sends plain padded base64: the JDK's intrinsic decoder reads it about ten times
            // faster. Anything else (whitespace, mixed alphabets, errors) takes the careful path below.
            byte[] fast = content.length() / 4L * 3 <= fileLimit ? Base64Text.decodeStrict(content) : null;
            if (fast != null) {
                e.size = fast.length;
                e.bytes = fast;
                return;
            }
            Base64Text.Inspection inspection = Base64Text.inspect(content);
            if (!inspection.valid()) {
                notBase64(e, inspection.problem());
                return;
            }
            e.size = inspection.decodedLength();
            if (e.size <= fileLimit) {
                e.bytes = Base64Text.decode(content, (int) e.size);
            }
            return;
        }
        int bad = firstUnpairedSurrogate(content);
        if (bad >= 0) {
            unpairedSurrogate(e, content.charAt(bad), position(content, bad));
            return;
        }
        e.size = utf8Length(content);
        if (e.size <= fileLimit) {
            e.bytes = content.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Content the adapter decoded while reading the request: the same verdicts as {@link #readContent}. */
    private static void readDecoded(FileEntry e, DecodedContent decoded) {
        switch (decoded) {
            case DecodedContent.Held held -> {
                e.size = held.bytes().length;
                e.bytes = held.bytes();
            }
            case DecodedContent.Spilled spilled -> {
                e.size = spilled.size();
                e.spilled = spilled;
            }
            case DecodedContent.Oversized oversized -> e.size = oversized.size();
            case DecodedContent.NotBase64 invalid -> notBase64(e, invalid.problem());
            case DecodedContent.UnpairedSurrogate unpaired -> unpairedSurrogate(e, unpaired.surrogate(),
                    unpaired.where());
        }
    }

    private static void notBase64(FileEntry e, String problem) {
        e.findings.add(ViolationCode.INVALID_ENCODING,
                "File " + e.findings.file() + " is declared as base64 (contentEncoding \"base64\"), but its "
                        + "content is not valid base64.",
                capitalize(problem) + " Encode the file's bytes with standard base64 and send "
                        + "only the encoded text; for a text file you can instead send the text itself and "
                        + "omit contentEncoding.");
    }

    private static void unpairedSurrogate(FileEntry e, char surrogate, String where) {
        e.findings.add(ViolationCode.INVALID_ENCODING,
                "File " + e.findings.file() + " contains an unpaired UTF-16 surrogate ("
                        + Text.codePoint(surrogate) + ") at " + where + ", which is not valid Unicode "
                        + "text and cannot be stored as UTF-8.",
                "Remove or replace the character at " + where + " (often half of an emoji that was cut off). If "
                        + "the file is binary, send it base64-encoded with contentEncoding \"base64\".");
    }

    static byte[] readSpilled(FileEntry e) {
        try {
            return java.nio.file.Files.readAllBytes(e.spilled.file());
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not read back " + e.path, failed);
        }
    }

    /** Resolves a remote file; returns the type the source declared, or null. */
    private static String resolve(FileEntry e, RemoteFiles remote) {
        RemoteFiles.Resolved resolved = remote.resolve(e.path, remoteInput(e.file));
        switch (Objects.requireNonNull(resolved, "RemoteFiles answered null")) {
            case RemoteFiles.Fetched fetched -> {
                e.bytes = fetched.bytes();
                e.size = fetched.bytes().length;
                return fetched.contentType();
            }
            case RemoteFiles.Stored stored -> {
                e.stored = stored.blob();
                e.storedContents = stored.contents();
                e.size = stored.blob().size();
                return stored.contentType();
            }
            case RemoteFiles.Rejected rejected -> {
                Violation v = rejected.violation();
                e.findings.add(v.path() != null ? v : Violation.of(v.code(), e.file.path(), v.message(), v.detail()));
                return null;
            }
        }
    }

    static byte[] readStored(FileEntry e) {
        try {
            return e.storedContents.read();
        } catch (IOException failed) {
            throw new UncheckedIOException("Could not read back " + e.path, failed);
        }
    }

    private static int firstUnpairedSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            } else if (Character.isLowSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++; // checked before: always a pair here
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** "line L, column C" of a char index. */
    private static String position(String s, int index) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < index; i++) {
            if (s.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (index - lineStart + 1);
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Whether the file names a remote body (alone or beside others): it counts against the remote limit. */
    static boolean isRemote(FileInput f) {
        return switch (f.source()) {
            case FileSource.UploadKey upload -> true;
            case FileSource.SourceUrl source -> true;
            case FileSource.Malformed sent -> FileSource.present(sent.sourceUrl())
                    || FileSource.present(sent.uploadKey());
            default -> false;
        };
    }

    /**
     * The remote body a file is resolved by, as {@link RemoteFiles} takes it (an upload key, a sourceUrl or a
     * digest), or null when it has none, or more bodies than one. A file object kept as sent only for its
     * contentEncoding still names its one remote body, and is resolved as before.
     */
    static FileInput remoteInput(FileInput f) {
        return switch (f.source()) {
            case FileSource.UploadKey upload -> f;
            case FileSource.SourceUrl source -> f;
            case FileSource.StoredBlob digest -> f;
            case FileSource.Malformed sent when sent.content() == null && sent.decoded() == null -> {
                boolean source = FileSource.present(sent.sourceUrl());
                boolean upload = FileSource.present(sent.uploadKey());
                boolean digest = FileSource.present(sent.sha256());
                if ((source ? 1 : 0) + (upload ? 1 : 0) + (digest ? 1 : 0) != 1) {
                    yield null;
                }
                FileSource one = source ? new FileSource.SourceUrl(sent.sourceUrl())
                        : upload ? new FileSource.UploadKey(sent.uploadKey()) : new FileSource.StoredBlob(sent.sha256());
                yield new FileInput(f.path(), f.contentType(), one);
            }
            default -> null;
        };
    }

    private static String encodingFix(String given) {
        String squashed = given.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        if (squashed.equals("utf8")) {
            return "Write \"utf8\" exactly as shown (no dash, lower case), or omit contentEncoding: utf8 is the "
                    + "default.";
        }
        if (squashed.equals("base64")) {
            return "Write \"base64\" exactly as shown (lower case).";
        }
        return "Use \"utf8\" for text, \"base64\" for binary data, or omit contentEncoding (the default is utf8).";
    }
}
