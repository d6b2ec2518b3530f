package io.sites.bundle.rules;

import java.nio.charset.StandardCharsets;

/** Chooses the authoring rules for a file by the media type it will be served with. */
public final class AuthoringRules {

    /**
     * The rules' version, part of the key under which a file's findings are kept ({@link FileFindings}): a later
     * publish of the same bytes replays them instead of reading the file again. Bump it with every change to what
     * the rules find in a file (MarkupRules, CssRules, JsRules, FrameRules, which references the link check judges,
     * which loads the sites' policy blocks, which types are scanned, the jsoup version), or publishes keep trusting the old findings.
     */
    public static final int VERSION = 1;

    private AuthoringRules() {}

    /** Whether files of this type are scanned at all: only these need their bytes in memory. */
    public static boolean scans(String essence) {
        return ContentTypes.isHtml(essence) || ContentTypes.isXml(essence) || essence.equals("text/css")
                || ContentTypes.isJavaScript(essence);
    }

    /** @param essence type/subtype the browser will treat the file as */
    public static void check(String essence, byte[] bytes, Findings out) {
        if (!scans(essence)) {
            return;
        }
        boolean html = ContentTypes.isHtml(essence);
        boolean xml = ContentTypes.isXml(essence);
        boolean css = essence.equals("text/css");
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (html) {
            MarkupRules.checkHtml(text, out);
        } else if (xml) {
            MarkupRules.checkXml(text, out);
        } else if (css) {
            CssRules.check(text, 1, "", out);
        } else {
            JsRules.check(text, 1, "", out);
        }
    }
}
