package io.sites.cases;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;

/**
 * A failing case's value as Java would write it, escaped to printable ASCII (a control character, a lone surrogate
 * or a decomposed accent shows) and cut at a length a log can hold.
 */
final class Shown {
    private static final int MAX_CHARS = 2_000;

    private Shown() {
    }

    static String of(Object value) {
        String shown = rendered(value);
        return shown.length() <= MAX_CHARS ? shown
                : shown.substring(0, MAX_CHARS) + "... (" + (shown.length() - MAX_CHARS) + " more characters)";
    }

    private static String rendered(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof CharSequence || value instanceof Character) {
            return '"' + escaped(value.toString()) + '"';
        }
        if (value instanceof byte[] bytes) {
            return "bytes[" + bytes.length + "] " + HexFormat.of().formatHex(bytes);
        }
        if (value instanceof Collection<?> collection) {
            List<String> items = new ArrayList<>();
            collection.forEach(item -> items.add(rendered(item)));
            return "[" + String.join(", ", items) + "]";
        }
        if (value instanceof Record record) {
            List<String> components = new ArrayList<>();
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                components.add(component.getName() + "=" + component(record, component));
            }
            return record.getClass().getSimpleName() + "[" + String.join(", ", components) + "]";
        }
        return escaped(value.toString());
    }

    private static String component(Record record, RecordComponent component) {
        try {
            Method accessor = component.getAccessor();
            accessor.setAccessible(true); // records of test classes are package-private
            return rendered(accessor.invoke(record));
        } catch (ReflectiveOperationException | RuntimeException unreadable) {
            return "(unreadable: " + unreadable + ")";
        }
    }

    private static String escaped(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> escaped.append("\\\"");
                case '\\' -> escaped.append("\\\\");
                case '\n' -> escaped.append("\\n");
                case '\r' -> escaped.append("\\r");
                case '\t' -> escaped.append("\\t");
                default -> escaped.append(c >= 0x20 && c < 0x7f ? String.valueOf(c)
                        : String.format("\\u%04x", (int) c));
            }
        }
        return escaped.toString();
    }
}
