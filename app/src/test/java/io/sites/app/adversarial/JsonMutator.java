package io.sites.app.adversarial;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A seeded mutator of JSON documents: wrong types, nulls, huge numbers, deep nesting, missing and extra members,
 * then sometimes broken bytes (truncation, invalid UTF-8, stray characters). Documents are plain maps and lists;
 * {@link Raw} is JSON text written as is (numbers no Java type holds, deep nesting).
 */
final class JsonMutator {
    /** JSON text written verbatim. */
    record Raw(String json) {
    }

    private static final String[] STRINGS = {"", " ", "index.html", "../etc/passwd", "a/../../b", "%ff", "web_",
            "job_", "\u0000", "é", "日本語", "🙂", "<script>alert(1)</script>", "' OR 1=1 --", "null", "true",
            "2025-11-25", "x".repeat(5000), "CON", "a\\b", "/", "\n\r\t"};
    private static final String[] NUMBERS = {"0", "-1", "1.5", "1e400", "-1e400", "123456789012345678901234567890",
            "9223372036854775808", "-0", "1E-400", "2147483648", "0.0000000000000000000001"};

    private final Random random;

    JsonMutator(Random random) {
        this.random = random;
    }

    /** A deep copy of {@code valid} with one to three mutations. */
    Object mutate(Object valid) {
        Object document = copy(valid);
        int mutations = 1 + random.nextInt(3);
        for (int i = 0; i < mutations; i++) {
            document = mutateOnce(document);
        }
        return document;
    }

    private Object mutateOnce(Object document) {
        List<Object> containers = new ArrayList<>();
        collect(document, containers);
        if (containers.isEmpty() || random.nextInt(12) == 0) {
            if (random.nextBoolean()) {
                return value(0);
            }
            List<Object> wrapped = new ArrayList<>();
            wrapped.add(document);
            return wrapped;
        }
        Object container = containers.get(random.nextInt(containers.size()));
        if (container instanceof Map<?, ?> raw) {
            @SuppressWarnings("unchecked")
            Map<String, Object> map = (Map<String, Object>) raw;
            List<String> keys = new ArrayList<>(map.keySet());
            int choice = random.nextInt(4);
            if (keys.isEmpty() || choice == 0) {
                map.put(pick(new String[] {"extra", "name", "files", "id", "params", "arguments", "_meta", "__proto__",
                        "constructor", "x".repeat(300)}), value(0));
            } else if (choice == 1) {
                map.remove(keys.get(random.nextInt(keys.size())));
            } else {
                map.put(keys.get(random.nextInt(keys.size())), value(0));
            }
        } else if (container instanceof List<?> raw) {
            @SuppressWarnings("unchecked")
            List<Object> list = (List<Object>) raw;
            if (list.isEmpty() || random.nextBoolean()) {
                list.add(value(0));
            } else {
                list.set(random.nextInt(list.size()), value(0));
            }
        }
        return document;
    }

    /** A random JSON value, mostly of the wrong type for wherever it lands. */
    Object value(int depth) {
        return switch (random.nextInt(depth > 2 ? 6 : 9)) {
            case 0 -> null;
            case 1 -> random.nextBoolean();
            case 2 -> new Raw(pick(NUMBERS));
            case 3 -> pick(STRINGS);
            case 4 -> random.nextInt(1000) - 500;
            case 5 -> new Raw(nested(1 + random.nextInt(random.nextInt(8) == 0 ? 2000 : 64)));
            case 6 -> {
                List<Object> list = new ArrayList<>();
                list.add(value(depth + 1));
                list.add(value(depth + 1));
                yield list;
            }
            case 7 -> {
                Map<String, Object> map = new LinkedHashMap<>();
                map.put(pick(STRINGS), value(depth + 1));
                yield map;
            }
            default -> new ArrayList<>();
        };
    }

    private String nested(int depth) {
        String open = random.nextBoolean() ? "[" : "{\"a\":";
        String close = open.equals("[") ? "]" : "}";
        return open.repeat(depth) + "1" + close.repeat(depth);
    }

    /** The document as UTF-8 JSON, and sometimes broken: cut short, bytes that are not UTF-8, stray characters. */
    byte[] bytes(Object document) {
        byte[] json = write(document).getBytes(StandardCharsets.UTF_8);
        if (random.nextInt(4) != 0 || json.length == 0) {
            return json;
        }
        int at = random.nextInt(json.length);
        ByteArrayOutputStream broken = new ByteArrayOutputStream();
        switch (random.nextInt(6)) {
            case 0 -> broken.write(json, 0, at);
            case 1 -> {
                broken.write(json, 0, at);
                broken.writeBytes(pick(new byte[][] {{(byte) 0xff}, {(byte) 0xc0, (byte) 0xaf}, {(byte) 0x80},
                        {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                        {(byte) 0xe2, (byte) 0x82}, {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}}));
                broken.write(json, at, json.length - at);
            }
            case 2 -> {
                broken.write(json, 0, at);
                broken.writeBytes(pick(new String[] {",", "}", "]", "\"", ":", "\\", "/*", "NaN", "\u0000"})
                        .getBytes(StandardCharsets.UTF_8));
                broken.write(json, at, json.length - at);
            }
            case 3 -> {
                broken.writeBytes(json);
                broken.writeBytes(pick(new String[] {" {}", "x", "\n[1]", ","}).getBytes(StandardCharsets.UTF_8));
            }
            case 4 -> broken.writeBytes(pick(new String[] {"", "{", "null", "[]", "\"\"", "[{}]", "{}}", "true",
                    "{\"jsonrpc\":\"2.0\"", " "}).getBytes(StandardCharsets.UTF_8));
            default -> {
                broken.writeBytes(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
                broken.writeBytes(json);
            }
        }
        return broken.toByteArray();
    }

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        switch (value) {
            case null -> out.append("null");
            case Raw raw -> out.append(raw.json());
            case String text -> quote(text, out);
            case Map<?, ?> map -> {
                out.append('{');
                String separator = "";
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    out.append(separator);
                    quote(String.valueOf(entry.getKey()), out);
                    out.append(':');
                    write(entry.getValue(), out);
                    separator = ",";
                }
                out.append('}');
            }
            case List<?> list -> {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    out.append(i == 0 ? "" : ",");
                    write(list.get(i), out);
                }
                out.append(']');
            }
            default -> out.append(value);
        }
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static Object copy(Object value) {
        return switch (value) {
            case Map<?, ?> map -> {
                Map<String, Object> copy = new LinkedHashMap<>();
                map.forEach((key, item) -> copy.put(String.valueOf(key), copy(item)));
                yield copy;
            }
            case List<?> list -> new ArrayList<>(list.stream().map(JsonMutator::copy).toList());
            case null, default -> value;
        };
    }

    private static void collect(Object value, List<Object> containers) {
        if (value instanceof Map<?, ?> map) {
            containers.add(map);
            map.values().forEach(item -> collect(item, containers));
        } else if (value instanceof List<?> list) {
            containers.add(list);
            list.forEach(item -> collect(item, containers));
        }
    }

    <T> T pick(T[] options) {
        return options[random.nextInt(options.length)];
    }
}
