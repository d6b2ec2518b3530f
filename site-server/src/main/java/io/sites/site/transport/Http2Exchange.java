package io.sites.site.transport;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.sites.site.serving.SiteFiles;
import io.sites.site.serving.SiteResponder;
import io.sites.site.serving.SiteResponse;
import io.sites.site.serving.SiteTraffic;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP/2 stream on the HTTPS port (ALPN chose h2): the request as HTTP objects (Netty's stream-to-HTTP codec),
 * answered by the same responder as HTTP/1.1, from the event loop when the answer is in memory, else from a thread
 * that may block. The answer's headers become the stream's headers, less those HTTP/2 forbids.
 */
final class Http2Exchange extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(Http2Exchange.class);
    private static final int STREAM_CHUNK = 64 * 1024;
    /** RFC 9113 §8.2.2: connection-specific fields are malformed in HTTP/2. */
    private static final Set<String> CONNECTION_FIELDS = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "upgrade");

    private final SiteResponder responder;
    private final SiteFiles files;
    private final Executor blocking;
    private final SiteTraffic.Port traffic;

    Http2Exchange(SiteResponder responder, SiteFiles files, Executor blocking, SiteTraffic.Port traffic) {
        this.responder = responder;
        this.files = files;
        this.blocking = blocking;
        this.traffic = traffic;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        try {
            if (message instanceof HttpRequest request) {
                answer(ctx, request);
            }
        } finally {
            ReferenceCountUtil.release(message);
        }
    }

    private void answer(ChannelHandlerContext ctx, HttpRequest request) {
        NettySiteRequest site = NettySiteRequest.of(request, ctx.channel());
        String label = responder.labelOnSitePort(site.host());
        try {
            SiteResponse response = responder.respond(label, site, false);
            if (response != null) {
                write(ctx, response);
                return;
            }
        } catch (IOException | RuntimeException e) {
            failed(ctx, e);
            return;
        }
        blocking.execute(() -> {
            try {
                SiteResponse response = responder.respond(label, site, true);
                if (response.fromStore() && response.hasBody()) {
                    stream(ctx, response);
                } else {
                    ctx.executor().execute(() -> write(ctx, response));
                }
            } catch (IOException | RuntimeException e) {
                ctx.executor().execute(() -> failed(ctx, e));
            }
        });
    }

    private static HttpResponse head(SiteResponse response) {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(
                response.status()));
        List<String> pairs = response.headers();
        for (int i = 0; i < pairs.size(); i += 2) {
            if (!CONNECTION_FIELDS.contains(pairs.get(i).toLowerCase(Locale.ROOT))) {
                head.headers().add(pairs.get(i), pairs.get(i + 1));
            }
        }
        if (response.status() != 304) {
            head.headers().set(HttpHeaderNames.CONTENT_LENGTH, response.contentLength());
        }
        return head;
    }

    /** An answer held in memory (or a leased span of a file, read here: sendfile has no place under TLS). */
    private void write(ChannelHandlerContext ctx, SiteResponse response) {
        traffic.answered(response.status());
        if (response.hasBody()) {
            traffic.sent(response.contentLength());
        }
        ctx.write(head(response));
        if (!response.hasBody()) {
            ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        } else if (response.body() != null) {
            ctx.writeAndFlush(new DefaultLastHttpContent(Unpooled.wrappedBuffer(response.body().duplicate())));
        } else {
            try (InputStream span = response.leasedSpan()) {
                ctx.writeAndFlush(new DefaultLastHttpContent(Unpooled.wrappedBuffer(span.readAllBytes())));
            } catch (IOException e) {
                log.debug("Could not read a file for an HTTP/2 answer", e);
                ctx.close();
            }
        }
    }

    /** A large file from the blob store, in chunks, waiting while the stream cannot take more. Off the event loop. */
    private void stream(ChannelHandlerContext ctx, SiteResponse response) throws IOException {
        traffic.answered(response.status());
        ctx.writeAndFlush(head(response));
        try (InputStream in = response.storedBody(files)) {
            long left = response.contentLength();
            while (left > 0 && ctx.channel().isActive()) {
                byte[] chunk = new byte[(int) Math.min(STREAM_CHUNK, left)];
                int read = in.readNBytes(chunk, 0, chunk.length);
                if (read <= 0) {
                    throw new IOException("A stored file ended early");
                }
                left -= read;
                traffic.sent(read);
                var written = ctx.writeAndFlush(left == 0 ? new DefaultLastHttpContent(Unpooled.wrappedBuffer(chunk, 0,
                        read)) : new DefaultHttpContent(Unpooled.wrappedBuffer(chunk, 0, read)));
                if (!ctx.channel().isWritable()) {
                    written.awaitUninterruptibly();
                }
            }
        }
    }

    private void failed(ChannelHandlerContext ctx, Exception e) {
        traffic.answered(500);
        log.error("Could not serve a site request over HTTP/2", e);
        ctx.writeAndFlush(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.INTERNAL_SERVER_ERROR));
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("HTTP/2 stream failed", cause);
        ctx.close();
    }
}
