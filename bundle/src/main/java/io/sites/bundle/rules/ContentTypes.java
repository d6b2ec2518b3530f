package io.sites.bundle.rules;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Media types by file extension, and which types are documents a browser renders with scripts. */
public final class ContentTypes {

    public static final String OCTET_STREAM = "application/octet-stream";

    /** Extension (lower case, without the dot) to media type essence. */
    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            // documents
            Map.entry("html", "text/html"),
            Map.entry("htm", "text/html"),
            Map.entry("svg", "image/svg+xml"),
            // styles and scripts
            Map.entry("css", "text/css"),
            Map.entry("js", "text/javascript"),
            Map.entry("mjs", "text/javascript"),
            Map.entry("cjs", "text/javascript"),
            Map.entry("wasm", "application/wasm"),
            // data and text
            Map.entry("json", "application/json"),
            Map.entry("map", "application/json"),
            Map.entry("jsonld", "application/ld+json"),
            Map.entry("geojson", "application/geo+json"),
            Map.entry("webmanifest", "application/manifest+json"),
            Map.entry("txt", "text/plain"),
            Map.entry("text", "text/plain"),
            Map.entry("md", "text/markdown"),
            Map.entry("markdown", "text/markdown"),
            Map.entry("csv", "text/csv"),
            Map.entry("tsv", "text/tab-separated-values"),
            Map.entry("xml", "application/xml"),
            Map.entry("xsl", "application/xslt+xml"),
            Map.entry("xslt", "application/xslt+xml"),
            Map.entry("rss", "application/rss+xml"),
            Map.entry("atom", "application/atom+xml"),
            Map.entry("yaml", "application/yaml"),
            Map.entry("yml", "application/yaml"),
            Map.entry("toml", "application/toml"),
            Map.entry("ics", "text/calendar"),
            Map.entry("vcf", "text/vcard"),
            Map.entry("vtt", "text/vtt"),
            Map.entry("srt", "application/x-subrip"),
            // images
            Map.entry("png", "image/png"),
            Map.entry("apng", "image/apng"),
            Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"),
            Map.entry("jpe", "image/jpeg"),
            Map.entry("jfif", "image/jpeg"),
            Map.entry("pjpeg", "image/jpeg"),
            Map.entry("pjp", "image/jpeg"),
            Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"),
            Map.entry("avif", "image/avif"),
            Map.entry("ico", "image/x-icon"),
            Map.entry("cur", "image/x-icon"),
            Map.entry("bmp", "image/bmp"),
            Map.entry("tif", "image/tiff"),
            Map.entry("tiff", "image/tiff"),
            Map.entry("heic", "image/heic"),
            Map.entry("heif", "image/heif"),
            Map.entry("jxl", "image/jxl"),
            // fonts
            Map.entry("woff", "font/woff"),
            Map.entry("woff2", "font/woff2"),
            Map.entry("ttf", "font/ttf"),
            Map.entry("otf", "font/otf"),
            Map.entry("eot", "application/vnd.ms-fontobject"),
            // audio and video
            Map.entry("mp4", "video/mp4"),
            Map.entry("m4v", "video/mp4"),
            Map.entry("webm", "video/webm"),
            Map.entry("ogv", "video/ogg"),
            Map.entry("mov", "video/quicktime"),
            Map.entry("mpeg", "video/mpeg"),
            Map.entry("mpg", "video/mpeg"),
            Map.entry("ogg", "audio/ogg"),
            Map.entry("oga", "audio/ogg"),
            Map.entry("opus", "audio/ogg"),
            Map.entry("mp3", "audio/mpeg"),
            Map.entry("wav", "audio/wav"),
            Map.entry("m4a", "audio/mp4"),
            Map.entry("aac", "audio/aac"),
            Map.entry("flac", "audio/flac"),
            Map.entry("mid", "audio/midi"),
            Map.entry("midi", "audio/midi"),
            // documents for download and archives
            Map.entry("pdf", "application/pdf"),
            Map.entry("zip", "application/zip"),
            Map.entry("gz", "application/gzip"),
            Map.entry("tgz", "application/gzip"),
            Map.entry("tar", "application/x-tar"),
            Map.entry("7z", "application/x-7z-compressed"),
            Map.entry("rtf", "application/rtf"),
            Map.entry("epub", "application/epub+zip"),
            Map.entry("doc", "application/msword"),
            Map.entry("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
            Map.entry("xls", "application/vnd.ms-excel"),
            Map.entry("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
            Map.entry("ppt", "application/vnd.ms-powerpoint"),
            Map.entry("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
            Map.entry("odt", "application/vnd.oasis.opendocument.text"),
            Map.entry("ods", "application/vnd.oasis.opendocument.spreadsheet"),
            Map.entry("odp", "application/vnd.oasis.opendocument.presentation"),
            // 3D models
            Map.entry("glb", "model/gltf-binary"),
            Map.entry("gltf", "model/gltf+json"));

    private static final Set<String> DOCUMENT_TYPES = Set.of("text/html", "application/xhtml+xml", "image/svg+xml");

    private static final Set<String> TEXT_APPLICATION_TYPES = Set.of(
            "application/json", "application/xml", "application/javascript", "application/ecmascript",
            "application/x-javascript", "application/yaml", "application/toml", "application/x-subrip");

    private static final Set<String> JAVASCRIPT_TYPES = Set.of(
            "text/javascript", "application/javascript", "application/ecmascript", "application/x-javascript",
            "text/ecmascript", "text/x-javascript", "text/x-ecmascript", "text/jscript", "text/livescript",
            "text/javascript1.0", "text/javascript1.1", "text/javascript1.2", "text/javascript1.3",
            "text/javascript1.4", "text/javascript1.5");

    private ContentTypes() {}

    /**
     * The type a file is served with when the client declares none: by extension (case-insensitive), text types
     * with {@code ; charset=utf-8}, {@code application/octet-stream} for unknown extensions.
     */
    public static String infer(String path) {
        String essence = essenceFor(path);
        return isText(essence) ? essence + "; charset=utf-8" : essence;
    }

    /**
     * Whether the type (parameters allowed) is a document a browser renders and runs scripts in: text/html,
     * application/xhtml+xml or image/svg+xml.
     */
    public static boolean isDocumentType(String mime) {
        return mime != null && DOCUMENT_TYPES.contains(essenceOf(mime));
    }

    public static String essenceFor(String path) {
        return BY_EXTENSION.getOrDefault(extension(path), OCTET_STREAM);
    }

    /** Lower-case extension without the dot, or "" when the last segment has none. */
    static String extension(String path) {
        if (path == null) {
            return "";
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    public static boolean isHtmlPath(String path) {
        String ext = extension(path);
        return ext.equals("html") || ext.equals("htm");
    }

    public static boolean isSvgPath(String path) {
        return extension(path).equals("svg");
    }

    static boolean isText(String essence) {
        return essence.startsWith("text/")
                || TEXT_APPLICATION_TYPES.contains(essence)
                || essence.endsWith("+json")
                || essence.endsWith("+xml");
    }

    static boolean isJavaScript(String essence) {
        return JAVASCRIPT_TYPES.contains(essence);
    }

    public static boolean isHtml(String essence) {
        return essence.equals("text/html") || essence.equals("application/xhtml+xml");
    }

    static boolean isXml(String essence) {
        return essence.equals("application/xml") || essence.equals("text/xml") || essence.endsWith("+xml");
    }

    /** The lower-case type/subtype of a type with or without parameters. */
    public static String essenceOf(String mime) {
        int semi = mime.indexOf(';');
        return (semi < 0 ? mime : mime.substring(0, semi)).strip().toLowerCase(Locale.ROOT);
    }
}
