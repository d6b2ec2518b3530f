package io.sites.bundle.rules;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.Range;
import org.jsoup.nodes.TextNode;
import org.jsoup.nodes.XmlDeclaration;
import org.jsoup.parser.Parser;
import org.jsoup.select.NodeTraversor;

/**
 * Authoring rules on HTML pages and on SVG/XML documents, parsed with jsoup with source positions: no scripts or
 * styles from other origins, no frames or embedded documents, no service workers. Inline scripts, styles, style
 * attributes, event handler attributes and javascript: URLs are handed to {@link JsRules} and {@link CssRules}.
 * Links, images, media and fonts from other origins are allowed.
 */
final class MarkupRules {

    private static final Set<String> FRAME_ELEMENTS = Set.of("iframe", "frame", "frameset", "portal", "fencedframe");
    private static final Set<String> DOCUMENT_EMBED_TYPES = Set.of(
            "text/html", "application/xhtml+xml", "image/svg+xml", "application/xml", "text/xml", "application/pdf");
    private static final Set<String> DOCUMENT_EMBED_EXTENSIONS = Set.of(
            "html", "htm", "xhtml", "xht", "svg", "svgz", "xml", "pdf");
    private static final Set<String> SCRIPT_PRELOAD_KINDS = Set.of(
            "script", "style", "worker", "sharedworker", "serviceworker", "audioworklet", "paintworklet");
    private static final Set<String> URL_ATTRIBUTES = Set.of("href", "src", "action", "formaction", "data");

    private final Document doc;
    private final boolean xml;
    private final Findings out;
    private Element externalBase;
    private String firstRelativeUnderBase;

    private MarkupRules(Document doc, boolean xml, Findings out) {
        this.doc = doc;
        this.xml = xml;
        this.out = out;
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
            out.add(Codes.EXTERNAL_URL,
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
            case "object" -> embedded(e, "data");
            case "embed" -> embedded(e, "src");
            default -> {
                if (FRAME_ELEMENTS.contains(name)) {
                    frame(e, name);
                }
            }
        }
        for (Attribute a : e.attributes()) {
            String key = a.getKey().toLowerCase(Locale.ROOT);
            String value = a.getValue();
            int line = line(e, a);
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
                    out.add(Codes.EXTERNAL_URL,
                            "File " + out.file() + " loads a script from another origin (" + ref.shown()
                                    + "); external scripts are rejected.",
                            Text.at(line) + tag(e, srcKey) + ". Download the script, add it to the bundle (for "
                                    + "example as " + local + ") and reference it with a relative path: <script "
                                    + srcKey + "=\"" + out.relativeTo(local) + "\">.");
                } else {
                    out.add(Codes.EXTERNAL_URL,
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
            out.add(Codes.SERVICE_WORKER,
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
        out.add(Codes.EXTERNAL_URL,
                "File " + out.file() + " " + verb + " a " + what + " from outside the site (" + ref.shown() + "); external "
                        + (style ? "styles" : "scripts") + " are rejected.",
                Text.at(line) + tag(e, "rel", "as", "href") + ". " + fix);
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
        out.add(Codes.EXTERNAL_URL,
                "File " + out.file() + " loads a stylesheet from outside the site with <?xml-stylesheet?> (" + ref.shown()
                        + "); external styles are rejected.",
                Text.at(line) + "<?xml-stylesheet href=\"" + ref.shown() + "\"?>. Download the stylesheet, add it "
                        + "to the bundle (for example as " + local + ") and reference it with a relative path: "
                        + "href=\"" + out.relativeTo(local) + "\".");
    }

    // ---- frames and embedded documents -----------------------------------------------------------------------

    private void frame(Element e, String name) {
        int line = line(e);
        String src = attr(e, "src");
        UrlRef ref = src == null ? null : UrlRef.of(src);
        String fix;
        if (name.equals("frameset")) {
            fix = "Replace the frameset with a normal page (<body>) that links to the other pages with <a href>.";
        } else if (ref != null && (ref.kind() == UrlRef.Kind.HTTP || ref.kind() == UrlRef.Kind.PROTOCOL_RELATIVE)) {
            fix = "Remove the <" + name + "> and link to the content instead: <a href=\"" + ref.shown()
                    + "\">…</a>. A video can be added to the bundle and shown with <video src=\"…\" controls>.";
        } else if (ref != null && ref.relative()) {
            fix = "Remove the <" + name + "> and put the content of " + Text.quote(ref.shown())
                    + " into this page, or link to it with <a href=\"" + ref.shown() + "\">.";
        } else {
            fix = "Remove the <" + name + "> and put its content directly into this page.";
        }
        out.add(Codes.IFRAME,
                "File " + out.file() + " embeds a frame (<" + name + ">)" + Text.onLine(line) + "; iframes and frames are "
                        + "rejected.",
                Text.at(line) + tag(e, "src", "srcdoc") + ". " + fix);
    }

    private void embedded(Element e, String urlAttribute) {
        String name = localName(e);
        String url = attr(e, urlAttribute);
        String type = attr(e, "type");
        String essence = type == null ? "" : ContentTypes.essenceOf(type);
        UrlRef ref = UrlRef.of(url);
        String ext = ContentTypes.extension(ref.pathPart());
        boolean documentType = DOCUMENT_EMBED_TYPES.contains(essence) || essence.endsWith("+xml");
        boolean documentExtension = url != null && DOCUMENT_EMBED_EXTENSIONS.contains(ext);
        if (!documentType && !documentExtension && !ref.external()) {
            return;
        }
        int line = line(e);
        String shownUrl = url == null ? "…" : ref.shown();
        String mediaType = !essence.isEmpty() ? essence : ContentTypes.essenceFor(ref.pathPart());
        String fix;
        if (mediaType.equals("image/svg+xml") || mediaType.startsWith("image/")) {
            fix = "Show the image with <img src=\"" + shownUrl + "\" alt=\"…\"> instead"
                    + (ref.external() ? " (after adding the file to the bundle, or keep the external image URL in "
                            + "<img>, which is allowed)." : ".");
        } else if (mediaType.startsWith("video/") || mediaType.startsWith("audio/")) {
            String media = mediaType.startsWith("video/") ? "video" : "audio";
            fix = "Play it with <" + media + " src=\"" + shownUrl + "\" controls></" + media + "> instead.";
        } else {
            fix = "Remove the <" + name + "> and link to the document instead: <a href=\"" + shownUrl + "\">…</a>.";
        }
        String why = documentType || documentExtension ? "a document" : "content from another origin";
        out.add(Codes.IFRAME,
                "File " + out.file() + " embeds " + why + " with <" + name + ">" + Text.onLine(line) + "; embedded documents "
                        + "are rejected like iframes.",
                Text.at(line) + tag(e, urlAttribute, "type") + ". " + fix);
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private static String localName(Element e) {
        String n = e.normalName();
        return n.substring(n.lastIndexOf(':') + 1).toLowerCase(Locale.ROOT);
    }

    /** The value of an attribute, its name compared ignoring case; null when absent. */
    private static String attr(Element e, String name) {
        for (Attribute a : e.attributes()) {
            if (a.getKey().equalsIgnoreCase(name)) {
                return a.getValue();
            }
        }
        return null;
    }

    /** The key of an href attribute in any namespace (href, xlink:href), or null. */
    private static String hrefKey(Element e) {
        for (Attribute a : e.attributes()) {
            String key = a.getKey().toLowerCase(Locale.ROOT);
            if (key.equals("href") || key.endsWith(":href")) {
                return a.getKey();
            }
        }
        return null;
    }

    /** The text of a script or style element, whether parsed as data, text or CDATA. */
    private static String text(Element e) {
        StringBuilder b = new StringBuilder();
        for (Node n : e.childNodes()) {
            if (n instanceof DataNode d) {
                b.append(d.getWholeData());
            } else if (n instanceof TextNode t) {
                b.append(t.getWholeText());
            }
        }
        return b.toString();
    }

    private static int textLine(Element e) {
        for (Node n : e.childNodes()) {
            Range.Position start = n.sourceRange().start();
            if (start.isTracked()) {
                return start.lineNumber();
            }
        }
        return line(e);
    }

    private static int line(Node n) {
        Range.Position start = n.sourceRange().start();
        return start.isTracked() ? start.lineNumber() : 0;
    }

    private static int line(Element e, Attribute a) {
        Range.Position start = a.sourceRange().valueRange().start();
        if (!start.isTracked()) {
            start = a.sourceRange().nameRange().start();
        }
        return start.isTracked() ? start.lineNumber() : line(e);
    }

    /** A short rendering of the start tag with the given attributes (those present). */
    private static String tag(Element e, String... keys) {
        StringBuilder b = new StringBuilder("<").append(e.tagName());
        for (String key : keys) {
            if (key == null) {
                continue;
            }
            String value = attr(e, key);
            if (value != null) {
                b.append(' ').append(key).append("=\"").append(UrlRef.of(value).shown()).append('"');
            }
        }
        return b.append('>').toString();
    }

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
