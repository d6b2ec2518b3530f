package io.sites.bundle;

import io.sites.api.code.ViolationCode;
import io.sites.bundle.rules.ContentTypes;
import io.sites.bundle.rules.Findings;
import io.sites.bundle.rules.MediaType;
import io.sites.bundle.rules.Text;
import java.util.Optional;

/**
 * Settles the type a file will be served with, from its path, its declared contentType or the type its source
 * declared, with the CONTENT_TYPE_MISMATCH verdicts; and the type the authoring rules read it as.
 */
final class ContentTypeCheck {

    private ContentTypeCheck() {}

    /** Sets the file's content type; {@code hint} is the type its source declared, or null. */
    static void settle(FileEntry e, String hint) {
        String path = e.path;
        String inferred = ContentTypes.infer(path);
        String declared = e.file.contentType();
        Findings out = e.findings;
        if (declared == null || declared.isBlank()) {
            if (inferred.equals(ContentTypes.OCTET_STREAM) && hint != null) {
                Optional<MediaType> fromSource = MediaType.parse(hint);
                if (fromSource.isPresent() && !ContentTypes.isDocumentType(fromSource.get().essence())) {
                    inferred = fromSource.get().served();
                }
            }
            e.contentType = inferred;
            return;
        }
        Optional<MediaType> parsed = MediaType.parse(declared);
        if (parsed.isEmpty()) {
            out.add(ViolationCode.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " declares contentType " + Text.quote(declared) + ", which is not a "
                            + "valid MIME type.",
                    "Write it as type/subtype, for example \"" + ContentTypes.essenceFor(path) + "\", or omit "
                            + "contentType: from the extension the file would be served as \"" + inferred + "\".");
            e.contentType = inferred;
            return;
        }
        MediaType type = parsed.get();
        String essence = type.essence();
        boolean htmlPath = ContentTypes.isHtmlPath(path);
        boolean svgPath = ContentTypes.isSvgPath(path);
        if (ContentTypes.isDocumentType(essence) && !htmlPath && !svgPath) {
            boolean svg = essence.equals("image/svg+xml");
            String renamed = withExtension(path, svg ? "svg" : "html");
            out.add(ViolationCode.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " is declared as " + essence + ", but "
                            + (svg ? "SVG documents are accepted only on .svg paths."
                                    : "HTML documents are accepted only on .html and .htm paths."),
                    "Rename the file to " + Text.quote(renamed) + " (and update references to it), or omit "
                            + "contentType so it is served as \"" + inferred + "\".");
        } else if (htmlPath && !ContentTypes.isHtml(essence)) {
            out.add(ViolationCode.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " is declared as " + essence + ", but .html and .htm files must be "
                            + "text/html.",
                    "Set contentType to \"text/html\" or omit it. If the file is not a web page, give it an "
                            + "extension that matches " + essence + ".");
        } else if (svgPath && !essence.equals("image/svg+xml")) {
            out.add(ViolationCode.CONTENT_TYPE_MISMATCH,
                    "File " + out.file() + " is declared as " + essence + ", but .svg files must be image/svg+xml.",
                    "Set contentType to \"image/svg+xml\" or omit it. If the file is not an SVG image, give it an "
                            + "extension that matches " + essence + ".");
        }
        e.contentType = type.served();
    }

    /** The type the authoring rules read the file as: a page or SVG by its path, otherwise as declared. */
    static String scanEssence(FileEntry e) {
        String byPath = ContentTypes.essenceFor(e.path);
        return ContentTypes.isDocumentType(byPath) ? byPath : ContentTypes.essenceOf(e.contentType);
    }

    private static String withExtension(String path, String extension) {
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        String stem = dot > slash + 1 ? path.substring(0, dot) : path;
        return stem + "." + extension;
    }
}
