package io.sites.command.remote;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLSocketFactory;

/**
 * A webhook's POST, as safe to point anywhere as a sourceUrl fetch: the URL read by {@link SourceLocation}'s rules
 * (https only, no user information, every spelling of an address seen as one), its addresses checked and pinned by
 * {@link PinnedSockets}, no redirect followed (a 3xx is a failure), connect, read and total timeouts, and at most
 * {@value #BODY_BYTES} bytes of the answer read (the status is all a delivery needs).
 */
public final class WebhookPosts {
    static final int BODY_BYTES = 1024;
    private static final int HEAD_BYTES = 16 * 1024;

    /** Where webhooks may go and whose certificates are trusted: production's is public addresses, the JDK's CAs. */
    public record Reach(AddressPolicy policy, SSLSocketFactory tls) {
        public static Reach production() throws java.security.NoSuchAlgorithmException {
            return new Reach(AddressPolicy.publicOnly(), javax.net.ssl.SSLContext.getDefault().getSocketFactory());
        }
    }

    /** What an attempt came to: the status (null when no answer came) and, unless 2xx, what went wrong. */
    public record Answer(Integer status, String error) {
        public boolean delivered() {
            return status != null && status >= 200 && status <= 299;
        }
    }

    private final Reach reach;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration totalTimeout;
    private final Duration lookupTimeout;
    private final PinnedSockets.Resolver registrationResolver;

    public WebhookPosts(Reach reach, Duration connectTimeout, Duration readTimeout, Duration totalTimeout,
            Duration lookupTimeout) {
        this(reach, connectTimeout, readTimeout, totalTimeout, lookupTimeout, InetAddress::getAllByName);
    }

    /** With the resolver {@link #refusal} asks: a test's that never answers shows the bound. */
    WebhookPosts(Reach reach, Duration connectTimeout, Duration readTimeout, Duration totalTimeout,
            Duration lookupTimeout, PinnedSockets.Resolver registrationResolver) {
        this.reach = reach;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.totalTimeout = totalTimeout;
        this.lookupTimeout = lookupTimeout;
        this.registrationResolver = registrationResolver;
    }

    /**
     * Why a URL cannot be a webhook's, or null: not a valid https URL, or a host that resolves to an address that is
     * not public. A host that does not resolve (yet) is accepted; its deliveries fail until it does. The caller's
     * thread waits for the lookup at most {@code lookupTimeout}: a host whose name server has not answered by then
     * is refused (its addresses are unknown, and a tenant's own name server may be slow on purpose).
     */
    public String refusal(String url) {
        SourceLocation location;
        try {
            location = SourceLocation.parse(url == null ? "" : url);
        } catch (SourceLocation.Invalid invalid) {
            return invalid.getMessage();
        }
        String bare = location.host().endsWith(".") ? location.host().substring(0, location.host().length() - 1)
                : location.host();
        if (bare.equals("localhost") || bare.endsWith(".localhost")) {
            // RFC 6761: loopback by definition, whatever this machine's resolver says (with a trailing dot it may
            // say nothing, which would be accepted as "does not resolve yet").
            return "its host " + location.host() + " is a loopback name; only public addresses are reached";
        }
        boolean[] late = {false};
        try {
            PinnedSockets.checkedAddress(location, reach.policy(), host -> within(host, late));
            return null;
        } catch (PinnedSockets.Refused refused) {
            if (late[0]) {
                return "its host " + location.host() + " did not answer DNS within " + lookupTimeout.toMillis()
                        + " ms, so its addresses could not be checked; try again once its name server answers";
            }
            return refused.forbidden ? refused.getMessage() : null;
        }
    }

    /**
     * The lookup on a daemon thread of its own, waited for at most {@code lookupTimeout}. The JDK's lookup cannot be
     * cancelled: a late one ends when the system resolver gives up, on its own thread, while the request goes on
     * (how many a tenant starts is bounded by the registrations' ration).
     */
    private InetAddress[] within(String host, boolean[] late) throws UnknownHostException {
        CompletableFuture<InetAddress[]> lookup = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                lookup.complete(registrationResolver.resolve(host));
            } catch (UnknownHostException | RuntimeException failed) {
                lookup.completeExceptionally(failed);
            }
        }, "webhook-lookup");
        thread.setDaemon(true);
        thread.start();
        try {
            return lookup.get(lookupTimeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException slow) {
            late[0] = true;
            throw new UnknownHostException(host);
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof UnknownHostException unknown) {
                throw unknown;
            }
            throw new UnknownHostException(host);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            late[0] = true;
            throw new UnknownHostException(host);
        }
    }

    /** POSTs the JSON body with the given headers; never throws for anything the receiver or network does. */
    public Answer post(String url, Map<String, String> headers, byte[] body) {
        long deadline = System.nanoTime() + totalTimeout.toNanos();
        SourceLocation location;
        InetAddress address;
        try {
            location = SourceLocation.parse(url);
            address = PinnedSockets.checkedAddress(location, reach.policy(), InetAddress::getAllByName);
        } catch (SourceLocation.Invalid | PinnedSockets.Refused refused) {
            return new Answer(null, refused.getMessage());
        }
        try (Socket socket = PinnedSockets.connect(address, location, reach.tls(), connectTimeout, readTimeout)) {
            StringBuilder head = new StringBuilder("POST " + location.target() + " HTTP/1.1\r\nHost: "
                    + PinnedSockets.hostHeader(location) + "\r\nUser-Agent: sites-webhooks/1\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            OutputStream out = socket.getOutputStream();
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            int status = status(readLine(in, deadline));
            int headBytes = 0;
            for (String line = readLine(in, deadline); !line.isEmpty(); line = readLine(in, deadline)) {
                headBytes += line.length();
                if (headBytes > HEAD_BYTES) {
                    return new Answer(status, "its response headers are too large");
                }
            }
            // Some of the body, never more: a receiver's answer is not ours to store.
            in.readNBytes(BODY_BYTES);
            if (status >= 300 && status < 400) {
                return new Answer(status, "it redirected; redirects are not followed");
            }
            return new Answer(status, status >= 200 && status <= 299 ? null : "it answered HTTP " + status);
        } catch (java.net.SocketTimeoutException | Late timeout) {
            return new Answer(null, "the receiver did not answer in time");
        } catch (javax.net.ssl.SSLException tlsFailed) {
            return new Answer(null, "the TLS connection failed (" + tlsFailed.getMessage() + ")");
        } catch (java.net.ConnectException refused) {
            return new Answer(null, "the connection to " + location.host() + " failed");
        } catch (IOException broken) {
            return new Answer(null, "the connection to " + location.host() + " broke (" + broken.getMessage() + ")");
        }
    }

    private static int status(String line) throws IOException {
        String[] parts = line.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("it did not answer with HTTP/1.x");
        }
        try {
            return Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("it answered with an invalid status line");
        }
    }

    private static String readLine(InputStream in, long deadline) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("connection closed in the response head");
            }
            if (line.size() > 8192) {
                throw new IOException("its response has a line that is too long");
            }
            if (System.nanoTime() > deadline) {
                throw new Late();
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    /** The whole attempt took longer than the total timeout (a receiver trickling its answer). */
    private static final class Late extends IOException {
        Late() {
            super("late", null);
        }
    }
}
