package io.sites.site;

import io.netty.bootstrap.ServerBootstrap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;
import java.nio.charset.StandardCharsets;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The site server's own port: Netty event loops answer files held in memory without leaving the loop (no thread
 * hand-off, no framework in between), which is what keeps requests/s and p99 near nginx's. Anything that may
 * block — a blob not yet in memory, a first compression, a password check, a large file streamed from the
 * store — runs on a virtual thread, while the connection waits (later requests queue behind it, in order).
 */
public final class SiteListener implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(SiteListener.class);
    private static final int STREAM_CHUNK = 64 * 1024;
    /** Bodies up to this size go out in one buffer with their head; larger ones as a second buffer (writev). */
    private static final int INLINE_BODY = 16 * 1024;
    private static final int TAIL_ROOM = 64;
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] CONNECTION_CLOSE = "Connection: close\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONNECTION_KEEP_ALIVE = "Connection: keep-alive\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BAD_REQUEST = ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 12\r\nConnection: close\r\n\r\nBad request\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER_ERROR = ("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n"
            + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII);

    private final Heads heads = new Heads();

    private final String address;
    private final int requestedPort;
    private final int ioThreads;
    private final SiteResponder responder;
    private final SiteFiles files;
    private final SiteConnections connections;
    private final ExecutorService blocking = Executors.newVirtualThreadPerTaskExecutor();
    private EventLoopGroup group;
    private Channel server;
    private volatile int port = -1;

    SiteListener(String address, int port, int ioThreads, SiteResponder responder, SiteFiles files,
            SiteConnections.Limits limits) {
        this.address = address;
        this.requestedPort = port;
        this.ioThreads = ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors();
        this.responder = responder;
        this.files = files;
        this.connections = new SiteConnections(limits);
    }

    /** The connections open now on the site port. */
    int openConnections() {
        return connections.open();
    }

    /** The bound port (useful when configured as 0), or -1 before start. */
    public int port() {
        return port;
    }

    @Override
    public void start() {
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> channel = epoll ? EpollServerSocketChannel.class
                : NioServerSocketChannel.class;
        group = new MultiThreadIoEventLoopGroup(ioThreads, io);
        try {
            server = new ServerBootstrap().group(group).channel(channel)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (!connections.admit(ch)) {
                                return;
                            }
                            SiteConnections.HeadDeadline deadline = connections.new HeadDeadline();
                            ch.pipeline().addLast(deadline, new IdleStateHandler(0, 0,
                                    connections.limits().idleTimeout().toMillis(), TimeUnit.MILLISECONDS),
                                    new HttpRequestDecoder(8192, 16384, 8192), new Exchange(deadline));
                        }
                    })
                    .bind(address, requestedPort).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
        port = ((InetSocketAddress) server.localAddress()).getPort();
        log.info("Site server listening on {}:{} ({} event loop{}, {})", address, port, ioThreads,
                ioThreads == 1 ? "" : "s", epoll ? "epoll" : "nio");
    }

    @Override
    public void stop() {
        if (server != null) {
            // Bounded waits: a shutdown must never hang on a connection or an event loop that does not answer.
            if (!server.close().awaitUninterruptibly(2, TimeUnit.SECONDS)) {
                log.warn("The site port did not close within 2 s");
            }
            if (!group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS)) {
                log.warn("The site server's event loops did not stop within 5 s");
            }
            blocking.shutdownNow();
            server = null;
            port = -1;
        }
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }

    /** One connection: answers its requests in order, one at a time. */
    private final class Exchange extends ChannelInboundHandlerAdapter {
        private final ArrayDeque<HttpRequest> waiting = new ArrayDeque<>();
        private final SiteConnections.HeadDeadline deadline;
        private boolean busy;

        Exchange(SiteConnections.HeadDeadline deadline) {
            this.deadline = deadline;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            try {
                if (message instanceof HttpRequest request) {
                    deadline.headArrived();
                    if (busy) {
                        waiting.add(request);
                    } else {
                        answer(ctx, request);
                    }
                }
            } finally {
                // Request bodies are not read: sites answer GET and HEAD only.
                if (message instanceof HttpContent) {
                    ReferenceCountUtil.release(message);
                }
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof IdleStateEvent && !busy) {
                ctx.close();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (!(cause instanceof IOException)) {
                log.warn("Site connection failed", cause);
            }
            ctx.close();
        }

        private void answer(ChannelHandlerContext ctx, HttpRequest request) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            if (request.decoderResult().isFailure()) {
                ctx.writeAndFlush(Unpooled.wrappedBuffer(BAD_REQUEST)).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            NettySiteRequest site = NettySiteRequest.of(request, ctx.channel());
            try {
                SiteResponse response = responder.respond(site.label(responder), site, false);
                if (response != null) {
                    send(ctx, request, response, keepAlive);
                    return;
                }
            } catch (IOException | RuntimeException e) {
                failed(ctx, e);
                return;
            }
            busy = true;
            // Read no further meanwhile: what a client pipelines waits in its socket, not in this queue.
            ctx.channel().config().setAutoRead(false);
            blocking.execute(() -> {
                try {
                    SiteResponse response = responder.respond(site.label(responder), site, true);
                    if (response.stream != null && response.hasBody()) {
                        stream(ctx, request, response, keepAlive);
                    } else {
                        ctx.executor().execute(() -> send(ctx, request, response, keepAlive));
                    }
                    ctx.executor().execute(() -> next(ctx));
                } catch (IOException | RuntimeException e) {
                    ctx.executor().execute(() -> failed(ctx, e));
                }
            });
        }

        private void next(ChannelHandlerContext ctx) {
            ctx.flush();
            busy = false;
            HttpRequest request;
            while (!busy && (request = waiting.poll()) != null) {
                answer(ctx, request);
            }
            ctx.flush();
            if (!busy) {
                ctx.channel().config().setAutoRead(true);
            }
        }

        private void failed(ChannelHandlerContext ctx, Exception e) {
            log.error("Could not serve a site request", e);
            ctx.writeAndFlush(Unpooled.wrappedBuffer(SERVER_ERROR)).addListener(ChannelFutureListener.CLOSE);
        }

        /** A body in memory: head and body in one buffer, flushed with the rest of this read's answers. */
        private void send(ChannelHandlerContext ctx, HttpRequest request, SiteResponse response, boolean keepAlive) {
            byte[] head = heads.head(response);
            boolean body = response.hasBody();
            int length = body ? (int) response.contentLength : 0;
            boolean together = length <= INLINE_BODY;
            ByteBuf out = ctx.alloc().ioBuffer(head.length + TAIL_ROOM + (together ? length : 0));
            out.writeBytes(head);
            tail(out, request, keepAlive);
            ChannelFuture written;
            if (together) {
                if (body) {
                    out.writeBytes(response.body);
                }
                written = ctx.write(out);
            } else {
                // Straight from the cache's direct buffer: no copy in the JVM, the kernel reads it in place.
                ctx.write(out);
                written = ctx.write(Unpooled.wrappedBuffer(response.body));
            }
            if (!keepAlive) {
                ctx.flush();
                written.addListener(ChannelFutureListener.CLOSE);
            }
        }

        /** A large file from the blob store, in chunks, waiting whenever the socket's buffer is full. */
        private void stream(ChannelHandlerContext ctx, HttpRequest request, SiteResponse response,
                boolean keepAlive) throws IOException {
            byte[] head = heads.head(response);
            ByteBuf out = ctx.alloc().ioBuffer(head.length + TAIL_ROOM);
            out.writeBytes(head);
            tail(out, request, keepAlive);
            ctx.writeAndFlush(out);
            ChannelFuture last = null;
            try (InputStream in = files.open(response.stream)) {
                in.skipNBytes(response.streamOffset);
                long left = response.contentLength;
                while (left > 0 && ctx.channel().isActive()) {
                    byte[] chunk = new byte[(int) Math.min(STREAM_CHUNK, left)];
                    int read = in.readNBytes(chunk, 0, chunk.length);
                    if (read <= 0) {
                        throw new IOException("Blob " + response.stream.sha256() + " ended early");
                    }
                    left -= read;
                    last = ctx.writeAndFlush(Unpooled.wrappedBuffer(chunk, 0, read));
                    if (!ctx.channel().isWritable()) {
                        last.awaitUninterruptibly();
                    }
                }
            } catch (IOException e) {
                // The head is gone already: all that is left is to cut the connection so the client sees it short.
                log.error("Could not stream {}", response.stream.sha256(), e);
                ctx.close();
                return;
            }
            if (last != null) {
                if (!keepAlive) {
                    last.addListener(ChannelFutureListener.CLOSE);
                }
                last.awaitUninterruptibly();
            }
        }

        /** What changes per request: the Date, and whether the connection stays open; then the blank line. */
        private void tail(ByteBuf out, HttpRequest request, boolean keepAlive) {
            out.writeBytes(Dates.line());
            if (!keepAlive) {
                out.writeBytes(CONNECTION_CLOSE);
            } else if (request.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
                out.writeBytes(CONNECTION_KEEP_ALIVE);
            }
            out.writeBytes(CRLF);
        }
    }

    /** The Date header line, formatted once a second rather than once a request. */
    static final class Dates {
        private static final DateTimeFormatter FORMAT = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);
        private static volatile long second = -1;
        private static volatile byte[] line;

        static byte[] line() {
            long current = System.currentTimeMillis() / 1000;
            byte[] now = line;
            if (current != second || now == null) {
                now = ("Date: " + FORMAT.format(Instant.ofEpochSecond(current)) + "\r\n")
                        .getBytes(StandardCharsets.US_ASCII);
                line = now;
                second = current;
            }
            return now;
        }
    }

    /**
     * Status lines and headers as bytes. A response whose head is a function of its {@link SiteResponse.HeadKey}
     * (a whole file, a service page) is encoded once; the rest (ranges, challenges) each time.
     */
    static final class Heads {
        private static final int REMEMBERED = 10_000;
        private final Map<SiteResponse.HeadKey, byte[]> encoded = new ConcurrentHashMap<>();

        byte[] head(SiteResponse response) {
            SiteResponse.HeadKey key = response.headKey;
            if (key == null) {
                return encode(response);
            }
            byte[] head = encoded.get(key);
            if (head == null) {
                if (encoded.size() >= REMEMBERED) {
                    encoded.clear();
                }
                head = encode(response);
                encoded.put(key, head);
            }
            return head;
        }

        static byte[] encode(SiteResponse response) {
            StringBuilder head = new StringBuilder(768).append("HTTP/1.1 ")
                    .append(HttpResponseStatus.valueOf(response.status)).append("\r\n");
            List<String> pairs = response.headers;
            for (int i = 0; i < pairs.size(); i += 2) {
                head.append(pairs.get(i)).append(": ").append(pairs.get(i + 1)).append("\r\n");
            }
            if (response.status != 304) {
                head.append("Content-Length: ").append(response.contentLength).append("\r\n");
            }
            for (int i = 0; i < head.length(); i++) {
                char c = head.charAt(i);
                if (c > 0x7e || (c < 0x20 && c != '\r' && c != '\n') || (c == '\n' && head.charAt(i - 1) != '\r')) {
                    throw new IllegalStateException("A response header is not printable ASCII");
                }
            }
            return head.toString().getBytes(StandardCharsets.US_ASCII);
        }
    }
}
