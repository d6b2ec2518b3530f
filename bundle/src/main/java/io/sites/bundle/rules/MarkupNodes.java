package io.sites.bundle.rules;

import java.util.Locale;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.Range;
import org.jsoup.nodes.TextNode;

/** Reading a parsed element for the markup rules: its name, attributes, text and source lines, a short start tag. */
final class MarkupNodes {

    private MarkupNodes() {}

    static String localName(Element e) {
        String n = e.normalName();
        return n.substring(n.lastIndexOf(':') + 1).toLowerCase(Locale.ROOT);
    }

    /** The value of an attribute, its name compared ignoring case; null when absent. */
    static String attr(Element e, String name) {
        for (Attribute a : e.attributes()) {
            if (a.getKey().equalsIgnoreCase(name)) {
                return a.getValue();
            }
        }
        return null;
    }

    /** The key of an href attribute in any namespace (href, xlink:href), or null. */
    static String hrefKey(Element e) {
        for (Attribute a : e.attributes()) {
            String key = a.getKey().toLowerCase(Locale.ROOT);
            if (key.equals("href") || key.endsWith(":href")) {
                return a.getKey();
            }
        }
        return null;
    }

    /** The text of a script or style element, whether parsed as data, text or CDATA. */
    static String text(Element e) {
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

    static int textLine(Element e) {
        for (Node n : e.childNodes()) {
            Range.Position start = n.sourceRange().start();
            if (start.isTracked()) {
                return start.lineNumber();
            }
        }
        return line(e);
    }

    static int line(Node n) {
        Range.Position start = n.sourceRange().start();
        return start.isTracked() ? start.lineNumber() : 0;
    }

    static int line(Element e, Attribute a) {
        Range.Position start = a.sourceRange().valueRange().start();
        if (!start.isTracked()) {
            start = a.sourceRange().nameRange().start();
        }
        return start.isTracked() ? start.lineNumber() : line(e);
    }

    /** A short rendering of the start tag with the given attributes (those present). */
    static String tag(Element e, String... keys) {
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
}
