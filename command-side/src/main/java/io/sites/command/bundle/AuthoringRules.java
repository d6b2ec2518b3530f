package io.sites.command.bundle;

import java.nio.charset.StandardCharsets;

/** Chooses the authoring rules for a file by the media type it will be served with. */
final class AuthoringRules {

    private AuthoringRules() {}

    /** @param essence type/subtype the browser will treat the file as */
    static void check(String essence, byte[] bytes, Findings out) {
        boolean html = ContentTypes.isHtml(essence);
        boolean xml = ContentTypes.isXml(essence);
        boolean css = essence.equals("text/css");
        boolean js = ContentTypes.isJavaScript(essence);
        if (!html && !xml && !css && !js) {
            return;
        }
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
