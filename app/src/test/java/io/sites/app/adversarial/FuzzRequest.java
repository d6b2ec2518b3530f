package io.sites.app.adversarial;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** One request the fuzzer sends, byte for byte; printed short when it breaks a promise. */
record FuzzRequest(String method, String target, List<String> headers, byte[] body) {
    @Override
    public String toString() {
        String sent = body == null ? "" : new String(body, StandardCharsets.UTF_8);
        return method + " " + shorten(target, 120) + " " + headers + " " + shorten(sent, 300);
    }

    private static String shorten(String text, int max) {
        return text.length() > max ? text.substring(0, max) + "…(" + text.length() + ")" : text;
    }
}
