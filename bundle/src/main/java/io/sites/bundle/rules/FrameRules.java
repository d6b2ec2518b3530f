package io.sites.bundle.rules;

import static io.sites.bundle.rules.MarkupNodes.attr;
import static io.sites.bundle.rules.MarkupNodes.line;
import static io.sites.bundle.rules.MarkupNodes.localName;
import static io.sites.bundle.rules.MarkupNodes.tag;

import io.sites.api.code.ViolationCode;
import java.util.Set;
import org.jsoup.nodes.Element;

/** The IFRAME rule of a page or document: no frames, and no documents or other origins' content in object/embed. */
final class FrameRules {

    static final Set<String> FRAME_ELEMENTS = Set.of("iframe", "frame", "frameset", "portal", "fencedframe");
    private static final Set<String> DOCUMENT_EMBED_TYPES = Set.of(
            "text/html", "application/xhtml+xml", "image/svg+xml", "application/xml", "text/xml", "application/pdf");
    private static final Set<String> DOCUMENT_EMBED_EXTENSIONS = Set.of(
            "html", "htm", "xhtml", "xht", "svg", "svgz", "xml", "pdf");

    private final Findings out;

    FrameRules(Findings out) {
        this.out = out;
    }

    void frame(Element e, String name) {
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
        out.add(ViolationCode.IFRAME,
                "File " + out.file() + " embeds a frame (<" + name + ">)" + Text.onLine(line) + "; iframes and frames are "
                        + "rejected.",
                Text.at(line) + tag(e, "src", "srcdoc") + ". " + fix);
    }

    void embedded(Element e, String urlAttribute) {
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
        out.add(ViolationCode.IFRAME,
                "File " + out.file() + " embeds " + why + " with <" + name + ">" + Text.onLine(line) + "; embedded documents "
                        + "are rejected like iframes.",
                Text.at(line) + tag(e, urlAttribute, "type") + ". " + fix);
    }
}
