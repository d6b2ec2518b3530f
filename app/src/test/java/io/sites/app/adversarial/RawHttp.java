package io.sites.app.adversarial;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * HTTP/1.1 written by hand over a loopback socket, one connection per request: a hostile client sends what
 * java.net.http refuses to build (bad percent-encoding, raw bytes in the request line, odd header values).
 */
final class RawHttp {
    private final int port;

    RawHttp(int port) {
        this.port = port;
    }

    /** Status -1: the server closed the connection without an answer. */
    record Response(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** {@code target} is sent byte for byte (chars up to U+00FF), as are the header lines. */
    Response send(String method, String target, List<String> headerLines, byte[] body) throws IOException {
        return send("127.0.0.1", method, target, headerLines, body);
    }

    /** As {@link #send(String, String, List, byte[])} for a host name of this server (a site, a preview). */
    Response send(String host, String method, String target, List<String> headerLines, byte[] body)
            throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            StringBuilder head = new StringBuilder().append(method).append(' ').append(target)
                    .append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port)
                    .append("\r\nConnection: close\r\n");
            headerLines.forEach(line -> head.append(line).append("\r\n"));
            if (body != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            try {
                out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
                if (body != null) {
                    out.write(body);
                }
                out.flush();
            } catch (IOException refusedEarly) {
                // The server may answer and close before the whole body is sent: read what it said.
            }
            return parse(readAll(socket.getInputStream()));
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                all.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException | java.net.SocketException closed) {
            // whatever arrived before the reset or the timeout is the answer
        }
        return all.toByteArray();
    }

    private static Response parse(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (!text.startsWith("HTTP/1.1 ") || end < 0) {
            return new Response(-1, Map.of(), raw);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].substring(9, 12));
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = unchunk(body);
        }
        return new Response(status, headers, body);
    }

    private static byte[] unchunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = indexOfCrLf(chunked, at);
            if (lineEnd < 0) {
                break;
            }
            String size = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].trim();
            int length = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
            if (length == 0) {
                break;
            }
            body.write(chunked, lineEnd + 2, Math.min(length, chunked.length - lineEnd - 2));
            at = lineEnd + 2 + length + 2;
        }
        return body.toByteArray();
    }

    private static int indexOfCrLf(byte[] bytes, int from) {
        for (int i = from; i + 1 < bytes.length; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
