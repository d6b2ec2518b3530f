package io.sites.api.site.rules;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A site's {@code _headers} file, Netlify's syntax: a path pattern on a line of its own, then its headers indented,
 * {@code Name: value}, one a line; comments start with {@code #}. Every block whose pattern matches a served path
 * adds its headers; a name set by several blocks gets their values joined with ", ". The server's own headers stay
 * the server's: see {@link #FORBIDDEN} and {@link #REPLACEABLE}. The sizes are bounded ({@link #VALUE_BYTES},
 * {@link #PATH_BYTES}, {@link #FILE_BYTES}) so that every head fits what proxies and CDNs pass and every cache of
 * heads stays small.
 */
public final class HeaderRules {
    public static final String FILE = "_headers";
    /**
     * The longest value of one header line. nginx's default buffers take a response head of 4 or 8 KiB, other
     * proxies and CDNs commonly cap one somewhere between 8 and 64 KiB: a value above 8 KiB (a policy of hundreds of
     * hashes) is a mistake or an attack, never a real site's.
     */
    public static final int VALUE_BYTES = 8 * 1024;
    /**
     * The most bytes of header lines ({@code Name: value} and CRLF) the blocks matching one path add together, and so
     * one block alone: what a head may carry beyond the server's own headers and still pass most proxies (see above).
     */
    public static final int PATH_BYTES = 32 * 1024;
    /**
     * The most a whole file holds: 1 MiB of text, header lines and all, so 31 paths near the path limit; a real
     * file is a few KiB. A longer file is refused unread as TOO_MANY_RULES ({@link RuleText}), as a long _redirects.
     */
    public static final int FILE_BYTES = RuleText.MAX_CHARS;

    /**
     * Headers a rule may not set, lower case: cookies (site hosts set none); Clear-Site-Data, with which a site
     * would sign people out of every host of its registrable domain; the Content-Security-Policy and nosniff
     * that enforce the authoring rules in the browser; hop-by-hop headers; what the server computes per response
     * (length, coding, ranges, validators, dates, type, redirects, challenges).
     */
    public static final Set<String> FORBIDDEN = Set.of("set-cookie", "set-cookie2", "clear-site-data",
            "content-security-policy", "content-security-policy-report-only", "x-content-type-options",
            "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te",
            "trailer", "transfer-encoding", "upgrade",
            "content-length", "content-encoding", "content-range", "content-type", "accept-ranges", "date", "etag",
            "last-modified", "vary", "location", "www-authenticate", "retry-after", "allow", "age", "server");
    /** The server's own headers a rule may replace: how long to cache, what to tell other sites of the referrer. */
    public static final Set<String> REPLACEABLE = Set.of("cache-control", "referrer-policy");

    /**
     * One block: a pattern and its headers (name as written, value; names unique per block), and the bytes of its
     * header lines as written, an upper bound of what it adds to a head (a repeated name joins with 2 bytes, less
     * than its own line's).
     */
    record Block(int line, PathPattern pattern, Map<String, String> headers, int bytes) {
    }

    private final List<Block> blocks;
    /** The blocks' patterns in their order: the blocks matching a path without trying each. */
    private final PathTree tree = new PathTree();
    private final List<Violation> violations;
    /**
     * The merged headers per set of matching blocks, so that a thousand blocks matching every path are merged once,
     * not for every request; bounded by the file's own length in characters.
     */
    private final Map<Matching, List<String>> merged = new ConcurrentHashMap<>();
    private final AtomicLong mergedChars = new AtomicLong();
    private final long mergedBudget;

    /** The orders of the blocks matching a path, compared by content. */
    private record Matching(int[] orders) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Matching m && Arrays.equals(orders, m.orders);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(orders);
        }
    }

    private HeaderRules(List<Block> blocks, List<Violation> violations, long length) {
        this.blocks = List.copyOf(blocks);
        this.violations = List.copyOf(violations);
        this.blocks.forEach(b -> tree.add(b.pattern()));
        this.mergedBudget = length;
    }

    public List<Violation> violations() {
        return violations;
    }

    public static HeaderRules parse(String text) {
        if (text.length() > RuleText.MAX_CHARS) {
            return new HeaderRules(List.of(), List.of(RuleText.tooLarge(FILE, text.length())), 0);
        }
        List<Block> blocks = new ArrayList<>();
        List<Violation> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        PathPattern pattern = null;
        int patternLine = 0;
        // Builders, not strings: a name repeated thousands of times is joined in one pass, not copied each time.
        Map<String, StringBuilder> headers = null;
        int blockBytes = 0;
        boolean blockReported = false;
        boolean skipping = false;
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            String raw = lines[i];
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!RuleText.printable(line)) {
                RuleText.at(out, ViolationCode.HEADER_INVALID, FILE, n, "the line has characters other than "
                        + "printable ASCII", "A header value must be printable ASCII; percent-encode paths.");
                continue;
            }
            boolean indented = Character.isWhitespace(raw.charAt(0));
            if (!indented) {
                if (pattern != null) {
                    blocks.add(new Block(patternLine, pattern, joined(headers), blockBytes));
                }
                blockBytes = 0;
                blockReported = false;
                String[] problem = new String[1];
                pattern = PathPattern.parse(line, problem);
                patternLine = n;
                headers = new LinkedHashMap<>();
                skipping = pattern == null;
                if (pattern == null) {
                    RuleText.at(out, ViolationCode.HEADER_INVALID, FILE, n, problem[0] + "; a line that is not "
                            + "indented starts a block with a path", "Write the path on a line of its own, then "
                            + "each header indented: \"  Name: value\".");
                }
                continue;
            }
            if (skipping) {
                continue;
            }
            if (pattern == null) {
                RuleText.at(out, ViolationCode.HEADER_INVALID, FILE, n, "a header comes before any path",
                        "Start the file with a path such as \"/*\" on a line of its own.");
                skipping = true;
                continue;
            }
            int colon = line.indexOf(':');
            String name = colon > 0 ? line.substring(0, colon).strip() : "";
            if (colon <= 0 || !token(name)) {
                RuleText.at(out, ViolationCode.HEADER_INVALID, FILE, n, PathPattern.quote(line)
                        + " is not \"Name: value\"", "Write each header as \"Name: value\" with a name of letters, "
                        + "digits and dashes.");
                continue;
            }
            String value = line.substring(colon + 1).strip();
            String lower = name.toLowerCase(Locale.ROOT);
            if (FORBIDDEN.contains(lower)) {
                RuleText.at(out, ViolationCode.HEADER_FORBIDDEN, FILE, n, "the header " + name + " is the "
                        + "server's own and may not be set by a rule", "Remove it; the server sets " + name
                        + " itself or never sends it (see the README's _headers rules).");
                continue;
            }
            int bytes = name.length() + value.length() + 4;
            if (value.length() > VALUE_BYTES) {
                RuleText.at(out, ViolationCode.HEADERS_TOO_LARGE, FILE, n, "the value of " + name + " has "
                        + value.length() + " bytes; at most " + VALUE_BYTES + " are allowed", "Shorten it; proxies "
                        + "and CDNs refuse longer header lines.");
                continue;
            }
            if (blockBytes + bytes > PATH_BYTES) {
                if (blockReported) {
                    continue;
                }
                blockReported = true;
                RuleText.at(out, ViolationCode.HEADERS_TOO_LARGE, FILE, n, "the headers of the block of line "
                        + patternLine + " pass " + PATH_BYTES + " bytes here", "A response may carry at most "
                        + PATH_BYTES + " bytes of header lines from _headers; shorten or remove headers.");
                continue;
            }
            blockBytes += bytes;
            StringBuilder joined = headers.get(name);
            if (joined == null) {
                headers.put(name, new StringBuilder(value));
            } else {
                joined.append(", ").append(value);
            }
        }
        if (pattern != null) {
            blocks.add(new Block(patternLine, pattern, joined(headers), blockBytes));
        }
        if (blocks.size() > RuleText.MAX_RULES) {
            out.add(RuleText.tooMany(FILE, blocks.size(), "path blocks"));
        }
        return new HeaderRules(blocks, out, text.length());
    }

    private static boolean token(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) && c < 0x80) && "!#$%&'*+-.^_`|~".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The violations of paths the bundle serves (decoded, with their leading slash) whose matching blocks add more
     * than {@link #PATH_BYTES}: one per block that passes the limit first, naming its line and one such path.
     */
    public List<Violation> checkPaths(Iterable<String> paths) {
        long all = 0;
        for (Block b : blocks) {
            all += b.bytes();
        }
        if (all <= PATH_BYTES) {
            return List.of(); // no path can match more than every block
        }
        Map<Integer, Violation> byLine = new LinkedHashMap<>();
        for (String path : paths) {
            int total = 0;
            for (int matching : tree.all(path)) {
                Block b = blocks.get(matching);
                if (b.bytes() > 0) {
                    total += b.bytes();
                    if (total > PATH_BYTES && !byLine.containsKey(b.line())) {
                        byLine.put(b.line(), RuleText.at(new ArrayList<>(), ViolationCode.HEADERS_TOO_LARGE, FILE,
                                b.line(), "with the blocks before it, this block gives " + PathPattern.quote(path)
                                + " more than " + PATH_BYTES + " bytes of headers", "A response may carry at most "
                                + PATH_BYTES + " bytes of header lines from _headers; shorten or remove headers."));
                    }
                }
            }
        }
        return List.copyOf(byLine.values());
    }

    /**
     * The headers for a request path (decoded, with its leading slash), as name, value pairs alternating; an empty
     * list when no block matches. Equal paths give equal lists, so a response head built with them can be reused.
     * A path publish never saw (a 404 page, a rewrite) that matches blocks of more than {@link #PATH_BYTES} together
     * gets the blocks in order while they fit, so no head ever carries more.
     */
    public List<String> headersFor(String path) {
        int[] matching = tree.all(path);
        if (matching.length == 0) {
            return List.of();
        }
        Matching key = new Matching(matching);
        List<String> known = merged.get(key);
        if (known != null) {
            return known;
        }
        List<String> pairs = merge(matching);
        long chars = pairs.stream().mapToLong(String::length).sum();
        if (mergedChars.addAndGet(chars) <= mergedBudget) {
            merged.putIfAbsent(key, pairs);
        } else {
            mergedChars.addAndGet(-chars);
        }
        return pairs;
    }

    private List<String> merge(int[] matchingBlocks) {
        Map<String, StringBuilder> merged = null;
        int total = 0;
        for (int matching : matchingBlocks) {
            Block b = blocks.get(matching);
            if (total + b.bytes() > PATH_BYTES) {
                continue;
            }
            total += b.bytes();
            if (merged == null) {
                merged = new LinkedHashMap<>();
            }
            for (Map.Entry<String, String> h : b.headers().entrySet()) {
                StringBuilder joined = merged.get(h.getKey());
                if (joined == null) {
                    merged.put(h.getKey(), new StringBuilder(h.getValue()));
                } else {
                    joined.append(", ").append(h.getValue());
                }
            }
        }
        if (merged == null || merged.isEmpty()) {
            return List.of();
        }
        List<String> pairs = new ArrayList<>(merged.size() * 2);
        merged.forEach((name, value) -> {
            pairs.add(name);
            pairs.add(value.toString());
        });
        return List.copyOf(pairs);
    }

    private static Map<String, String> joined(Map<String, StringBuilder> headers) {
        Map<String, String> out = new LinkedHashMap<>();
        headers.forEach((name, value) -> out.put(name, value.toString()));
        return out;
    }
}
