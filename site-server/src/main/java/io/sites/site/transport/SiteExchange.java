package io.sites.site.transport;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.sites.site.serving.ResponseHeads;
import io.sites.site.serving.ResponseWriter;
import io.sites.site.serving.SiteResponder;
import io.sites.site.serving.SiteResponse;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One site connection's requests and answers: answers them one at a time, in the order they came (HTTP/1.1
 * pipelining), on the event loop when {@link SiteResponder} can answer from memory, else on a thread that may
 * block while the connection waits.
 */
final class SiteExchange extends ChannelInboundHandlerAdapter {
    private static final Logger log = LoggerFactory.getLogger(SiteExchange.class);
    /** The user event that asks a connection to close once its answer under way is written (shutdown). */
    static final Object DRAIN = new Object();

    private final ArrayDeque<HttpRequest> waiting = new ArrayDeque<>();
    private final SiteConnections.HeadDeadline deadline;
    private final SiteResponder responder;
    private final ResponseWriter writer;
    private final Executor blocking;
    /** An answer is under way on a thread that may block: later requests wait for it. */
    private boolean busy;
    /** Shutting down: answer what was asked already, with Connection: close, then close. */
    private boolean draining;

    SiteExchange(SiteConnections.HeadDeadline deadline, SiteResponder responder, ResponseWriter writer,
            Executor blocking) {
        this.deadline = deadline;
        this.responder = responder;
        this.writer = writer;
        this.blocking = blocking;
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
        if (event == DRAIN) {
            draining = true;
            if (!busy) {
                closeWhenWritten(ctx);
            }
        } else if (event instanceof IdleStateEvent && !busy) {
            ctx.close();
        }
    }

    /** After what is queued to be written (a large body from memory may still be on its way to a slow reader). */
    private static void closeWhenWritten(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A failed handshake (a scanner, an old client, a name without a certificate) is the visitor's, not ours.
        if (!(cause instanceof IOException) && !(cause.getCause() instanceof javax.net.ssl.SSLException)
                && !(cause instanceof javax.net.ssl.SSLException)) {
            log.warn("Site connection failed", cause);
        }
        ctx.close();
    }

    private void answer(ChannelHandlerContext ctx, HttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request) && !draining;
        if (request.decoderResult().isFailure()) {
            writer.closing(ctx, 400, ResponseHeads.BAD_REQUEST);
            return;
        }
        NettySiteRequest site = NettySiteRequest.of(request, ctx.channel());
        String label = responder.labelOnSitePort(site.host());
        try {
            SiteResponse response = responder.respond(label, site, false);
            if (response != null) {
                writer.send(ctx, request, response, keepAlive);
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
                SiteResponse response = responder.respond(label, site, true);
                if (response.fromStore() && response.hasBody()) {
                    writer.stream(ctx, request, response, keepAlive);
                } else {
                    ctx.executor().execute(() -> writer.send(ctx, request, response, keepAlive));
                }
                ctx.executor().execute(() -> next(ctx));
            } catch (IOException | RuntimeException e) {
                ctx.executor().execute(() -> failed(ctx, e));
            }
        });
    }

    /** After an answer from a thread that may block: the requests that waited, in order, then reading again. */
    private void next(ChannelHandlerContext ctx) {
        ctx.flush();
        busy = false;
        HttpRequest request;
        while (!busy && (request = waiting.poll()) != null) {
            answer(ctx, request);
        }
        ctx.flush();
        if (!busy && draining) {
            closeWhenWritten(ctx);
        } else if (!busy) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    private void failed(ChannelHandlerContext ctx, Exception e) {
        log.error("Could not serve a site request", e);
        writer.closing(ctx, 500, ResponseHeads.SERVER_ERROR);
    }
}
