package io.sites.app;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Request bodies for tests, as plain maps so that tests can also send what our records would not allow. */
public final class Bundles {
    private Bundles() {
    }

    public static Map<String, Object> file(String path, String content) {
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("path", path);
        file.put("content", content);
        return file;
    }

    @SafeVarargs
    public static Map<String, Object> site(String slug, String name, Map<String, Object>... files) {
        Map<String, Object> request = new LinkedHashMap<>();
        if (name != null) {
            request.put("name", name);
        }
        request.put("category", "portfolio");
        if (slug != null) {
            request.put("slug", slug);
        }
        request.put("files", List.of(files));
        return request;
    }

    @SafeVarargs
    public static Map<String, Object> version(Boolean promote, String message, Map<String, Object>... files) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("files", new ArrayList<>(List.of(files)));
        if (message != null) {
            request.put("message", message);
        }
        if (promote != null) {
            request.put("promote", promote);
        }
        return request;
    }

    public static String unique(String prefix) {
        return prefix + "-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    }

    /** The lowercase hex SHA-256 of a text's UTF-8 bytes: how a file is named by digest. */
    public static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
