package io.sites.app.web;

import io.sites.api.json.PublishFile;
import io.sites.api.json.PublishDraftRequest;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.json.UploadFilesRequest;
import io.sites.bundle.BundleLimits;
import io.sites.bundle.DecodedContent;
import io.sites.bundle.InlineDecoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.springframework.stereotype.Component;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a large publish body from where admission put it (memory or a file, {@link SpooledBody}) without ever holding
 * a file's content as one String: the streaming parser surveys the body once (strings skipped unread), noting where
 * each {@code files[].content} string lies; Jackson binds the request from the body's structure alone, each content
 * replaced by a marker of where it starts; then each is decoded from the body (JSON escapes, then base64 or UTF-8
 * text) by an {@link InlineDecoder}, held below {@link #SPILL_ABOVE} bytes and in the request's temporary directory
 * above. Memory is reserved from the budget before each step, for what it will hold.
 */
@Component
class InlineContents {
    /** A file's decoded bytes above this go to a temporary file; below, they are held (most files of a site). */
    static final long SPILL_ABOVE = 1024 * 1024;
    /** Heap per byte of the body outside contents (names, paths, descriptions), bound as Strings. */
    private static final int HEAP_PER_STRUCTURE_BYTE = 4;
    /** Heap per byte of content held: the bytes, and the authoring rules' text of pages, styles and scripts. */
    static final int HEAP_PER_HELD_BYTE = 3;
    private static final String SLICE = "\u0000content@";

    private final JsonMapper plain;
    private final BundleLimits limits;

    InlineContents(JsonMapper json, BundleLimits limits) {
        this.plain = json;
        this.limits = limits;
    }

    /** A request as bound, its large contents replaced by {@code decoded} (by index in its files). */
    record Read<T>(T request, Map<Integer, DecodedContent> decoded) {
    }

    <T> Read<T> read(SpooledBody body, Class<T> type) throws IOException {
        Survey survey = survey(body);
        body.reserve(survey.tokens() * BodyAdmission.HEAP_PER_TOKEN
                + Math.max(0, body.size() - survey.contentBytes()) * HEAP_PER_STRUCTURE_BYTE);
        T request = plain.readValue(structure(body, survey.spans()), type);
        List<PublishFile> files = files(request);
        if (files == null) {
            return new Read<>(request, Map.of());
        }
        long held = survey.smallContentBytes();
        for (PublishFile file : files) {
            Long length = file == null || !isSlice(file.content()) ? null
                    : survey.large().get(offset(file.content()));
            if (length != null && InlineDecoder.readBack(file.path(), file.contentType())) {
                held += length;
            }
        }
        body.reserve(held * HEAP_PER_HELD_BYTE);
        Map<Integer, DecodedContent> decoded = new HashMap<>();
        List<PublishFile> bound = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            PublishFile file = files.get(i);
            if (file != null && isSlice(file.content())) {
                long offset = offset(file.content());
                boolean base64 = "base64".equals(file.contentEncoding());
                DecodedContent plain = survey.large().containsKey(offset) ? null
                        : plain(body, offset, survey.spans().get(offset), base64);
                decoded.put(i, plain != null ? plain : decode(body, offset, base64));
                file = new PublishFile(file.path(), null, file.contentEncoding(), file.contentType(),
                        file.sourceUrl(), file.uploadKey(), file.sha256());
            }
            bound.add(file);
        }
        return new Read<>(withFiles(request, bound), decoded);
    }

    /**
     * What binding and decoding the body will hold, found by the streaming parser alone (strings skipped unread):
     * its tokens, the bytes its files[].content strings span at most, those of them that will be held (each at most
     * {@link #SPILL_ABOVE}), and where the larger ones start, with their length.
     */
    private record Survey(long tokens, long contentBytes, long smallContentBytes, Map<Long, Long> large,
            Map<Long, Long> spans) {
    }

    private Survey survey(SpooledBody body) throws IOException {
        long tokens = 0;
        long contentBytes = 0;
        long small = 0;
        Map<Long, Long> large = new HashMap<>();
        Map<Long, Long> spans = new HashMap<>();
        try (JsonParser parser = plain.createParser(body.open())) {
            long start = -1;
            for (JsonToken token = parser.nextToken(); ; token = parser.nextToken()) {
                long at = token == null ? body.size() : parser.currentTokenLocation().getByteOffset();
                if (start >= 0) {
                    long length = at - start;
                    contentBytes += length;
                    spans.put(start, length);
                    if (length <= SPILL_ABOVE) {
                        small += length;
                    } else {
                        large.put(start, length);
                    }
                    start = -1;
                }
                if (token == null) {
                    break;
                }
                tokens++;
                if (token == JsonToken.VALUE_STRING && isContent(parser.streamReadContext())) {
                    start = at;
                }
            }
        }
        return new Survey(tokens, contentBytes, small, large, spans);
    }

    /**
     * The body with every files[].content string replaced by a marker of where it starts: all that binding reads, a
     * few hundred bytes of a body of megabytes, so the contents are skimmed once (by the survey), not twice. One pass
     * forward, skipping each content: a span runs from the string's opening quote to the next token, which is either
     * the next field's name (so a comma lies between, with whitespace) or the end of the file's object.
     */
    private static byte[] structure(SpooledBody body, Map<Long, Long> spans) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = body.open()) {
            long at = 0;
            boolean afterContent = false;
            for (long start : new TreeSet<>(spans.keySet())) {
                between(in.readNBytes(Math.toIntExact(start - at)), afterContent, out);
                out.writeBytes(("\"\\u0000content@" + start + "\"").getBytes(StandardCharsets.US_ASCII));
                at = start + spans.get(start);
                in.skipNBytes(at - start);
                afterContent = true;
            }
            between(in.readAllBytes(), afterContent, out);
        }
        return out.toByteArray();
    }

    private static void between(byte[] structure, boolean afterContent, ByteArrayOutputStream out) {
        if (afterContent && structure.length > 0 && structure[0] != '}') {
            out.write(',');
        }
        out.writeBytes(structure);
    }

    private static boolean isContent(TokenStreamContext at) {
        TokenStreamContext list = at.getParent();
        TokenStreamContext root = list == null ? null : list.getParent();
        return at.inObject() && "content".equals(at.currentName()) && list.inArray() && root != null
                && root.inObject() && "files".equals(root.currentName()) && root.getParent() != null
                && root.getParent().inRoot();
    }

    /**
     * The content as nearly every client sends it, straight from the body's bytes: canonical base64, decoded by the
     * JDK's intrinsic decoder ({@link InlineDecoder#base64}), or text that is ASCII once unescaped; null for anything
     * else, which {@link #decode} reads with the careful decoder,
     * so every verdict and message stays that decoder's. {@code span} runs from the opening quote to the next token.
     */
    private DecodedContent plain(SpooledBody body, long offset, long span, boolean base64) throws IOException {
        byte[] raw = new byte[(int) span];
        if (!body.read(offset, raw)) {
            return null;
        }
        // Between the closing quote and the next token there is only a comma and whitespace.
        int end = raw.length - 1;
        while (end > 0 && raw[end] != '"') {
            end--;
        }
        if (end <= 0 || raw[0] != '"') {
            return null;
        }
        if (base64) {
            return InlineDecoder.base64(raw, 1, end, limits);
        }
        return asciiText(raw, end);
    }

    /**
     * Text that is ASCII once unescaped (JSON's short escapes and \\u00XX below 0x80), whose UTF-8 bytes are its
     * characters; null for anything else (non-ASCII text keeps the careful decoder, and its surrogate checks).
     */
    private DecodedContent asciiText(byte[] raw, int end) {
        byte[] out = new byte[end - 1];
        int o = 0;
        for (int i = 1; i < end; i++) {
            byte b = raw[i];
            if (b < 0x20) { // control characters, and bytes above ASCII, which are negative
                return null;
            }
            if (b == '\\') {
                if (++i >= end) {
                    return null;
                }
                b = switch (raw[i]) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case '"', '\\', '/' -> raw[i];
                    case 'u' -> {
                        int c = i + 4 < end ? ascii(raw, i + 1) : -1;
                        i += 4;
                        yield (byte) c;
                    }
                    default -> -1;
                };
                if (b < 0) {
                    return null;
                }
            }
            out[o++] = b;
        }
        return InlineDecoder.ascii(o == out.length ? out : Arrays.copyOf(out, o), limits);
    }

    /** The character of a \\u escape's four hex digits at {@code at} when it is ASCII, else -1. */
    private static int ascii(byte[] raw, int at) {
        int c = 0;
        for (int i = at; i < at + 4; i++) {
            int digit = Character.digit(raw[i], 16);
            if (digit < 0) {
                return -1;
            }
            c = c << 4 | digit;
        }
        return c < 0x80 ? c : -1;
    }

    /** Unescapes the JSON string starting at {@code offset} into the decoder, a buffer at a time. */
    private DecodedContent decode(SpooledBody body, long offset, boolean base64) throws IOException {
        try (InlineDecoder decoder = InlineDecoder.of(base64, body.dir(), SPILL_ABOVE, limits);
                Reader in = new InputStreamReader(body.openAt(offset + 1), StandardCharsets.UTF_8)) {
            char[] read = new char[8192];
            char[] out = new char[8192];
            int o = 0;
            int escape = 0; // 0: none, 1: after a backslash, 2..5: in \\uXXXX
            int unicode = 0;
            for (int n = in.read(read); n >= 0; n = in.read(read)) {
                for (int i = 0; i < n; i++) {
                    char c = read[i];
                    if (escape == 0 && c == '"') {
                        decoder.accept(out, 0, o);
                        return decoder.finish();
                    }
                    if (escape == 0 && c == '\\') {
                        escape = 1;
                        continue;
                    }
                    if (escape == 1) {
                        if (c == 'u') {
                            escape = 2;
                            unicode = 0;
                            continue;
                        }
                        escape = 0;
                        c = switch (c) {
                            case 'b' -> '\b';
                            case 'f' -> '\f';
                            case 'n' -> '\n';
                            case 'r' -> '\r';
                            case 't' -> '\t';
                            default -> c; // " \ and /
                        };
                    } else if (escape >= 2) {
                        unicode = unicode << 4 | Character.digit(c, 16);
                        if (escape++ < 5) {
                            continue;
                        }
                        escape = 0;
                        c = (char) unicode;
                    }
                    out[o++] = c;
                    if (o == out.length) {
                        decoder.accept(out, 0, o);
                        o = 0;
                    }
                }
            }
            throw new IllegalStateException("The content string at byte " + offset + " has no end");
        }
    }

    private static boolean isSlice(String content) {
        return content != null && content.startsWith(SLICE);
    }

    private static long offset(String slice) {
        return Long.parseLong(slice.substring(SLICE.length()));
    }

    private static List<PublishFile> files(Object request) {
        return switch (request) {
            case PublishWebsiteRequest website -> website.files();
            case PublishVersionRequest version -> version.files();
            case PublishDraftRequest draft -> draft.files();
            case UploadFilesRequest batch -> batch.files();
            default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    private static <T> T withFiles(T request, List<PublishFile> files) {
        return (T) switch (request) {
            case PublishWebsiteRequest w -> new PublishWebsiteRequest(w.name(), w.category(), w.description(),
                    w.slug(), files, w.message(), w.retainVersions());
            case PublishVersionRequest v -> new PublishVersionRequest(files, v.message(), v.promote(), v.baseVersion(),
                    v.deletePaths(), v.ifCurrentVersion());
            case PublishDraftRequest d -> new PublishDraftRequest(d.name(), files, d.slug(), d.password(),
                    d.domains());
            case UploadFilesRequest b -> new UploadFilesRequest(files);
            default -> request;
        };
    }
}
