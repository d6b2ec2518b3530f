package io.sites.api.site.policy;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The Content-Security-Policy every answer of a site host carries. It enforces in the browser what the authoring
 * rules refuse at publish (scripts and styles only from the site itself or inline, no frames, workers, plugins or
 * framing by others) and nothing more: what a page may load as data (images, media, fonts, fetch/XHR, WebSocket,
 * EventSource, beacons) and where its forms may post is open to every https origin, as on hosts that set no policy
 * on their customers' sites. What stays blocked is plain {@code http:} and {@code ws:} to other origins (mixed content
 * on an https site anyway); the bundle check warns about it at publish (WarningCode.BLOCKED_ORIGIN).
 */
public final class ContentPolicy {

    /** What a reference loads, by the directive that governs it, and the schemes that directive allows. */
    public enum Load {
        IMAGE("img-src", "loads an image from", "data", "blob", "https"),
        MEDIA("media-src", "loads audio or video from", "data", "blob", "https"),
        FONT("font-src", "loads a font from", "data", "https"),
        CONNECT("connect-src", "connects (fetch, XMLHttpRequest, WebSocket, EventSource or a beacon) to", "data",
                "blob", "https", "wss"),
        FORM("form-action", "submits a form to", "https");

        private final String directive;
        private final String what;
        private final Set<String> schemes;

        Load(String directive, String what, String... schemes) {
            this.directive = directive;
            this.what = what;
            this.schemes = Set.of(schemes);
        }

        /** The directive's name, such as {@code connect-src}. */
        public String directive() {
            return directive;
        }

        /** What the page does, for messages, before the address: "loads an image from". */
        public String what() {
            return what;
        }

        /** The directive as the header has it: the site itself, then the schemes it allows, in a fixed order. */
        String source() {
            return directive + " 'self' " + String.join(" ", schemes());
        }

        /** What the directive allows besides the site itself, for messages: "data:, blob: and https:". */
        public String allowed() {
            List<String> names = schemes();
            return names.size() == 1 ? names.getFirst()
                    : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
        }

        private List<String> schemes() {
            return SCHEME_ORDER.stream().filter(schemes::contains).map(s -> s + ":").toList();
        }
    }

    private static final List<String> SCHEME_ORDER = List.of("data", "blob", "https", "wss");
    /** Schemes that name another origin or inline contents; others (javascript:, mailto:, tel:) are no load. */
    private static final Set<String> JUDGED = Set.of("http", "https", "ws", "wss", "data", "blob", "ftp");

    /** The header's value. */
    public static final String HEADER = "default-src 'self'; script-src 'self' 'unsafe-inline'; "
            + "style-src 'self' 'unsafe-inline'; " + Arrays.stream(Load.values()).map(Load::source)
                    .collect(Collectors.joining("; "))
            + "; frame-src 'none'; child-src 'none'; worker-src 'none'; object-src 'none'; base-uri 'self'; "
            + "frame-ancestors 'none'";

    /**
     * The policy for the people and agents who write pages, in the one wording the API documentation, /llms.txt and
     * the MCP server's instructions share.
     */
    public static final String EXPLAINED = "Every page is served with Content-Security-Policy: " + HEADER
            + ". Scripts and styles come only from the site itself or inline, as the authoring rules require; "
            + "images, media, fonts, requests (fetch, XMLHttpRequest, WebSocket, EventSource, sendBeacon) and form "
            + "posts may also go to any https: (wss:) origin. Plain http: and ws: addresses of other origins are "
            + "blocked by the browser, and a publish warns about each as BLOCKED_ORIGIN, with its file and line: "
            + "use the https:// address. _headers cannot change the policy.";

    private ContentPolicy() {
    }

    /**
     * Whether the policy blocks loading an absolute URL with this scheme as {@code load}. A relative or
     * protocol-relative address (no scheme) is the site itself or takes the site's https: never blocked. A plain
     * {@code http:} URL is judged blocked though it might name the site's own origin: a published site is served
     * over https.
     *
     * @param scheme the URL's scheme, any case; null for a relative or protocol-relative address
     */
    public static boolean blocks(Load load, String scheme) {
        if (scheme == null) {
            return false;
        }
        String s = scheme.toLowerCase(Locale.ROOT);
        return JUDGED.contains(s) && !load.schemes.contains(s);
    }
}
