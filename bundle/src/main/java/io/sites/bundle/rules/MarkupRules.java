package io.sites.bundle.rules;

import static io.sites.bundle.rules.MarkupNodes.attr;
import static io.sites.bundle.rules.MarkupNodes.hrefKey;
import static io.sites.bundle.rules.MarkupNodes.line;
import static io.sites.bundle.rules.MarkupNodes.localName;
import static io.sites.bundle.rules.MarkupNodes.tag;
import static io.sites.bundle.rules.MarkupNodes.text;
import static io.sites.bundle.rules.MarkupNodes.textLine;

import io.sites.api.code.ViolationCode;
import io.sites.api.site.policy.ContentPolicy.Load;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.XmlDeclaration;
import org.jsoup.parser.Parser;
import org.jsoup.select.NodeTraversor;

/**
 * Authoring rules on HTML pages and on SVG/XML documents, parsed with jsoup with source positions: no scripts or
 * styles from other origins, no frames or embedded documents, no service workers. Inline scripts, styles, style
 * attributes, event handler attributes and javascript: URLs are handed to {@link JsRules} and {@link CssRules}.
 * Links, images, media and fonts from other origins are allowed. On the same pass every reference (href, src,
 * poster, srcset) is handed to the link check through {@link Findings}.
 *
 * <p>A change to what these rules find must bump {@link AuthoringRules#VERSION}: findings are kept by content.
 */
final class MarkupRules {

    private static final Set<String> SCRIPT_PRELOAD_KINDS = Set.of(
            "script", "style", "worker", "sharedworker", "serviceworker", "audioworklet", "paintworklet");
    private static final Set<String> URL_ATTRIBUTES = Set.of("href", "src", "action", "formaction", "data");
    /** Attributes whose URL the link check follows (srcset apart, it holds several). */
    private static final Set<String> LINK_ATTRIBUTES = Set.of("href", "src", "poster");

    private final Document doc;
    private final boolean xml;
    private final Findings out;
    private final FrameRules frames;
    private Element externalBase;
    private String firstRelativeUnderBase;

    private MarkupRules(Document doc, boolean xml, Findings out) {
        this.doc = doc;
        this.xml = xml;
        this.out = out;
        this.frames = new FrameRules(out);
    }

    static void checkHtml(String html, Findings out) {
        Document doc = Parser.htmlParser().setTrackPosition(true).parseInput(html, "");
        new MarkupRules(doc, false, out).run();
    }

    static void checkXml(String xml, Findings out) {
        Document doc = Parser.xmlParser().setTrackPosition(true).parseInput(xml, "");
        new MarkupRules(doc, true, out).run();
    }

    private void run() {
        if (!xml) {
            for (Element e : doc.getElementsByTag("base")) {
                String href = attr(e, "href");
                if (href != null) {
                    if (UrlRef.of(href).external()) {
                        externalBase = e;
                    }
                    String base = LinkCheck.base(href, out.referenceBase());
                    if (base == null) {
                        out.referencesOff(); // they resolve outside the site: nothing of the bundle to check
                    } else {
                        out.referenceBase(base);
                    }
                    break; // only the first <base href> counts
                }
            }
        }
        NodeTraversor.traverse((node, depth) -> {
            if (node instanceof Element e) {
                element(e);
            } else if (node instanceof XmlDeclaration d && xml) {
                declaration(d);
            }
        }, doc);
        if (firstRelativeUnderBase != null) {
            int line = line(externalBase);
            out.add(ViolationCode.EXTERNAL_URL,
                    "File " + out.file() + " sets <base href=" + Text.quote(attr(externalBase, "href")) + ">, so its relative "
                            + "script and stylesheet addresses (such as " + Text.quote(firstRelativeUnderBase)
                            + ") load from outside the site; scripts and styles from other origins are rejected.",
                    Text.at(line) + tag(externalBase, "href") + ". Remove the <base> element, or point it into the "
                            + "site (for example <base href=\"/\">), so relative addresses resolve to files of the "
                            + "bundle.");
        }
    }

    private void element(Element e) {
        String name = localName(e);
        switch (name) {
            case "script" -> script(e);
            case "link" -> link(e);
            case "style" -> CssRules.check(text(e), textLine(e), " in a <style> element", out);
            case "object" -> frames.embedded(e, "data");
            case "embed" -> frames.embedded(e, "src");
            default -> {
                if (FrameRules.FRAME_ELEMENTS.contains(name)) {
                    frames.frame(e, name);
                }
            }
        }
        for (Attribute a : e.attributes()) {
            String key = a.getKey().toLowerCase(Locale.ROOT);
            String value = a.getValue();
            int line = line(e, a);
            String local = key.substring(key.lastIndexOf(':') + 1);
            if (LINK_ATTRIBUTES.contains(local) && !name.equals("base")) {
                out.reference(line, value);
                Load load = loadOf(e, name, local);
                if (load != null) {
                    out.load(line, value, load);
                }
            } else if (local.equals("srcset") || local.equals("imagesrcset")) {
                srcset(value, line);
            } else if (local.equals("action") || local.equals("formaction")) {
                out.load(line, value, Load.FORM);
            }
            if (key.equals("style")) {
                CssRules.check(value, line, " in the style attribute of <" + name + ">", out);
            } else if (key.length() > 2 && key.startsWith("on") && key.chars().allMatch(Character::isLetter)) {
                JsRules.check(value, line, " in the " + key + " attribute of <" + name + ">", out);
            } else if (URL_ATTRIBUTES.contains(key.substring(key.lastIndexOf(':') + 1))
                    && value.strip().regionMatches(true, 0, "javascript:", 0, 11)) {
                String code = percentDecode(value.strip().substring(11));
                JsRules.check(code, line, " in a javascript: URL of <" + name + ">", out);
            }
        }
    }

    // ---- scripts and styles ----------------------------------------------------------------------------------

    private void script(Element e) {
        String srcKey = attr(e, "src") != null ? "src" : hrefKey(e);
        String src = srcKey == null ? null : attr(e, srcKey);
        if (src != null && !src.isBlank()) {
            UrlRef ref = UrlRef.of(src);
            int line = line(e);
            if (ref.external()) {
                String local = "assets/" + ref.suggestedFileName("js");
                if (ref.kind() == UrlRef.Kind.HTTP || ref.kind() == UrlRef.Kind.PROTOCOL_RELATIVE) {
                    out.add(ViolationCode.EXTERNAL_URL,
                            "File " + out.file() + " loads a script from another origin (" + ref.shown()
                                    + "); external scripts are rejected.",
                            Text.at(line) + tag(e, srcKey) + ". Download the script, add it to the bundle (for "
                                    + "example as " + local + ") and reference it with a relative path: <script "
                                    + srcKey + "=\"" + out.relativeTo(local) + "\">.");
                } else {
                    out.add(ViolationCode.EXTERNAL_URL,
                            "File " + out.file() + " loads a script from a " + scheme(ref) + " URL (" + ref.shown()
                                    + "); only scripts that are files of the bundle or inline are allowed.",
                            Text.at(line) + tag(e, srcKey) + ". Put the script's code into a file of the bundle (for "
                                    + "example " + local + ") and reference it with <script " + srcKey + "=\""
                                    + out.relativeTo(local) + "\">, or write the code inline between <script> and "
                                    + "</script>.");
                }
            } else if (ref.relative()) {
                underBase(src);
            }
            return; // a script with src ignores its inline text
        }
        String type = attr(e, "type");
        String essence = type == null ? "" : ContentTypes.essenceOf(type);
        if (essence.isEmpty() || essence.equals("module") || ContentTypes.isJavaScript(essence)) {
            JsRules.check(text(e), textLine(e), " in a <script> element", out);
        } else if (essence.equals("importmap")) {
            JsRules.checkImportMap(text(e), textLine(e), out);
        }
    }

    private void link(Element e) {
        String relValue = attr(e, "rel");
        String href = attr(e, "href");
        if (relValue == null) {
            return;
        }
        Set<String> rel = Arrays.stream(relValue.toLowerCase(Locale.ROOT).split("[\\s]+"))
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
        int line = line(e);
        if (rel.contains("serviceworker")) {
            out.add(ViolationCode.SERVICE_WORKER,
                    "File " + out.file() + " registers a service worker with <link rel=\"serviceworker\">" + Text.onLine(line)
                            + "; service workers are rejected.",
                    Text.at(line) + tag(e, "rel", "href") + ". Remove this <link> element; the site is served "
                            + "without a service worker.");
        }
        if (href == null || href.isBlank()) {
            return;
        }
        UrlRef ref = UrlRef.of(href);
        String kind = null;
        String verb = "loads";
        if (rel.contains("stylesheet")) {
            kind = "style";
        } else if (rel.contains("import")) {
            kind = "document";
            verb = "imports";
        } else if (rel.contains("modulepreload")) {
            kind = "script";
            verb = "preloads";
        } else if (rel.contains("preload") || rel.contains("prefetch")) {
            String as = attr(e, "as");
            String ext = ContentTypes.extension(ref.pathPart());
            String guessed = as != null && !as.isBlank()
                    ? as.strip().toLowerCase(Locale.ROOT)
                    : Set.of("js", "mjs", "cjs").contains(ext) ? "script" : ext.equals("css") ? "style" : null;
            if (guessed != null && SCRIPT_PRELOAD_KINDS.contains(guessed)) {
                kind = guessed.equals("style") ? "style" : "script";
                verb = rel.contains("preload") ? "preloads" : "prefetches";
            }
        }
        if (kind == null) {
            return;
        }
        if (!ref.external()) {
            if (ref.relative()) {
                underBase(href);
            }
            return;
        }
        boolean style = kind.equals("style");
        String what = style ? "stylesheet" : kind.equals("script") ? "script" : "HTML import";
        String local = "assets/" + ref.suggestedFileName(style ? "css" : kind.equals("script") ? "js" : "html");
        String fix = style
                ? "Download the stylesheet (and the fonts and images it references), add it to the bundle (for "
                        + "example as " + local + ") and reference it with a relative path: <link rel=\""
                        + relValue.strip() + "\" href=\"" + out.relativeTo(local) + "\">."
                : kind.equals("script")
                        ? "Download the script, add it to the bundle (for example as " + local + ") and reference it "
                                + "with a relative path (href=\"" + out.relativeTo(local) + "\"), or remove this "
                                + "<link>."
                        : "Remove this <link>; HTML imports are obsolete. Put the content into the page instead.";
        out.add(ViolationCode.EXTERNAL_URL,
                "File " + out.file() + " " + verb + " a " + what + " from outside the site (" + ref.shown() + "); external "
                        + (style ? "styles" : "scripts") + " are rejected.",
                Text.at(line) + tag(e, "rel", "as", "href") + ". " + fix);
    }

    /** Each candidate URL of a srcset, by the HTML standard's parsing, on the line it is written on. */
    private void srcset(String value, int line) {
        int n = value.length();
        int i = 0;
        int lines = 0;
        int counted = 0;
        while (i < n) {
            while (i < n && (Character.isWhitespace(value.charAt(i)) || value.charAt(i) == ',')) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(value.charAt(i))) {
                i++;
            }
            int end = i;
            while (end > start && value.charAt(end - 1) == ',') {
                end--;
            }
            if (end > start) {
                for (; counted < start; counted++) {
                    char c = value.charAt(counted);
                    if (c == '\n' || c == '\r' && (counted + 1 >= n || value.charAt(counted + 1) != '\n')) {
                        lines++;
                    }
                }
                out.reference(line > 0 ? line + lines : 0, value.substring(start, end));
                out.load(line > 0 ? line + lines : 0, value.substring(start, end), Load.IMAGE);
            }
            if (end < i) {
                continue; // the URL ended with a comma: no descriptors follow
            }
            for (int depth = 0; i < n; i++) {
                char c = value.charAt(i);
                if (c == '(') {
                    depth++;
                } else if (c == ')' && depth > 0) {
                    depth--;
                } else if (c == ',' && depth == 0) {
                    i++;
                    break;
                }
            }
        }
    }

    /**
     * What the browser loads from an element's src, poster or href, by the policy's directive; null for what is no
     * load the policy judges apart (a link to follow, a script or frame: those are violations of their own).
     */
    private static Load loadOf(Element e, String name, String attribute) {
        if (attribute.equals("poster")) {
            return Load.IMAGE;
        }
        if (attribute.equals("href")) {
            if (name.equals("image") || name.equals("feimage")) {
                return Load.IMAGE;
            }
            String rel = name.equals("link") ? attr(e, "rel") : null;
            if (rel == null) {
                return null;
            }
            rel = rel.toLowerCase(Locale.ROOT);
            String as = attr(e, "as") == null ? "" : attr(e, "as").strip().toLowerCase(Locale.ROOT);
            if (rel.contains("icon")) {
                return Load.IMAGE;
            }
            if (!rel.contains("preload") && !rel.contains("prefetch")) {
                return null;
            }
            return switch (as) {
                case "image" -> Load.IMAGE;
                case "font" -> Load.FONT;
                case "fetch" -> Load.CONNECT;
                case "audio", "video", "track" -> Load.MEDIA;
                default -> null;
            };
        }
        return switch (name) {
            case "img", "input" -> Load.IMAGE;
            case "video", "audio", "track" -> Load.MEDIA;
            case "source" -> e.parent() != null && (localName(e.parent()).equals("video")
                    || localName(e.parent()).equals("audio")) ? Load.MEDIA : Load.IMAGE;
            default -> null;
        };
    }

    private void underBase(String relative) {
        if (externalBase != null && firstRelativeUnderBase == null) {
            firstRelativeUnderBase = relative;
        }
    }

    private void declaration(XmlDeclaration d) {
        if (!d.name().equalsIgnoreCase("xml-stylesheet")) {
            return;
        }
        String href = d.attr("href");
        UrlRef ref = UrlRef.of(href);
        if (!ref.external()) {
            return;
        }
        int line = line(d);
        String ext = ContentTypes.extension(ref.pathPart()).startsWith("xsl") ? "xsl" : "css";
        String local = "assets/" + ref.suggestedFileName(ext);
        out.add(ViolationCode.EXTERNAL_URL,
                "File " + out.file() + " loads a stylesheet from outside the site with <?xml-stylesheet?> (" + ref.shown()
                        + "); external styles are rejected.",
                Text.at(line) + "<?xml-stylesheet href=\"" + ref.shown() + "\"?>. Download the stylesheet, add it "
                        + "to the bundle (for example as " + local + ") and reference it with a relative path: "
                        + "href=\"" + out.relativeTo(local) + "\".");
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private static String scheme(UrlRef ref) {
        return ref.scheme() == null ? "non-http" : ref.scheme() + ":";
    }

    private static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            if (c == '%' && i + 2 < s.length() && Character.digit(s.charAt(i + 1), 16) >= 0
                    && Character.digit(s.charAt(i + 2), 16) >= 0) {
                bytes.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 3;
            } else {
                byte[] b = new String(Character.toChars(c)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
                i += Character.charCount(c);
            }
        }
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
