package io.sites.site.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.timeout.IdleStateEvent;
import io.sites.site.serving.SiteFiles;
import io.sites.site.serving.SiteResponder;
import io.sites.site.serving.SiteTraffic;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ALPN's outcome on the HTTPS port: HTTP/1.1 (or no ALPN) keeps the pipeline the connection was opened with;
 * h2 replaces its HTTP/1.1 handlers with Netty's HTTP/2 codec, each stream answered by an {@link Http2Exchange}.
 * The keep-alive timeout stays; the head deadline goes (HTTP/2 has its own framing and flow control).
 */
final class TlsProtocols extends ApplicationProtocolNegotiationHandler {
    private static final Logger log = LoggerFactory.getLogger(TlsProtocols.class);
    private final SiteResponder responder;
    private final SiteFiles files;
    private final Executor blocking;
    private final SiteTraffic.Port traffic;

    TlsProtocols(SiteResponder responder, SiteFiles files, Executor blocking, SiteTraffic.Port traffic) {
        super(ApplicationProtocolNames.HTTP_1_1);
        this.traffic = traffic;
        this.responder = responder;
        this.files = files;
        this.blocking = blocking;
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (!ApplicationProtocolNames.HTTP_2.equals(protocol)) {
            return;
        }
        ChannelPipeline pipeline = ctx.pipeline();
        pipeline.remove(SiteConnections.HeadDeadline.class);
        pipeline.remove(HttpRequestDecoder.class);
        pipeline.remove(SiteExchange.class);
        pipeline.addLast(Http2FrameCodecBuilder.forServer().build(),
                new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel stream) {
                        stream.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(true),
                                new Http2Exchange(responder, files, blocking, traffic));
                    }
                }), new ConnectionEnd());
    }

    /** A failed handshake (a scanner, an old client, a name without a certificate) is the visitor's, not ours. */
    @Override
    protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("TLS handshake failed: {}", cause.toString());
        ctx.close();
    }

    /** Closes an HTTP/2 connection (GOAWAY first) when it idles past the timeout, or when the port drains. */
    static final class ConnectionEnd extends ChannelInboundHandlerAdapter {
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event == SiteExchange.DRAIN || event instanceof IdleStateEvent) {
                ctx.close();
            } else {
                ctx.fireUserEventTriggered(event);
            }
        }
    }
}
