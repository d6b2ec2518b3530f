package io.sites.site.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.sites.site.serving.ResponseWriter;
import io.sites.site.serving.SiteResponder;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The site port's connections from open to close: sets each one up, and bounds what a visitor can hold without
 * asking for anything: how many connections are open, how long a request head may take to arrive, how long a
 * keep-alive connection may idle. The deadline closes the ones that send nothing, or a head byte by byte, however
 * often they send.
 */
final class SiteConnections {
    private static final Logger log = LoggerFactory.getLogger(SiteConnections.class);
    private static final long WARN_EVERY = TimeUnit.MINUTES.toNanos(1);

    /** The settings under sites.site-server (see docs/DECISIONS.md for the defaults and why). */
    record Limits(Duration headerTimeout, Duration idleTimeout, int maxConnections) {
    }

    private final Limits limits;
    private final long headerTimeout;
    private final AtomicInteger open = new AtomicInteger();
    /** The open connections themselves, for the drain at shutdown; a closed one leaves the group by itself. */
    private final ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private volatile boolean draining;
    private final AtomicLong lastWarned = new AtomicLong(System.nanoTime() - WARN_EVERY);

    SiteConnections(Limits limits) {
        this.limits = limits;
        this.headerTimeout = limits.headerTimeout().toNanos();
    }

    /**
     * A new connection's pipeline, once admitted: the head deadline before the decoder, so it sees raw bytes; the
     * idle timeout, acted on by the exchange, which knows whether an answer is under way; the decoder, which bounds
     * a head's size; and the exchange that answers.
     */
    void open(SocketChannel channel, SiteResponder responder, ResponseWriter writer, Executor blocking) {
        if (!admit(channel)) {
            return;
        }
        HeadDeadline deadline = new HeadDeadline();
        channel.pipeline().addLast(deadline,
                new IdleConnection(limits.idleTimeout()),
                new HttpRequestDecoder(8192, 16384, 8192), new SiteExchange(deadline, responder, writer, blocking));
        if (draining) {
            // Admitted just as the drain began, after it went through the group: drain this one too.
            channel.pipeline().fireUserEventTriggered(SiteExchange.DRAIN);
        }
    }

    /** Counts a new connection in, or closes it at once when the port already holds its maximum. */
    boolean admit(Channel channel) {
        if (draining) {
            channel.close();
            return false;
        }
        if (open.incrementAndGet() > limits.maxConnections()) {
            open.decrementAndGet();
            long now = System.nanoTime();
            long last = lastWarned.get();
            if (now - last >= WARN_EVERY && lastWarned.compareAndSet(last, now)) {
                log.warn("The site port holds its maximum of {} connections; new ones are closed "
                        + "(sites.site-server.max-connections)", limits.maxConnections());
            }
            channel.close();
            return false;
        }
        channel.closeFuture().addListener(closed -> open.decrementAndGet());
        channels.add(channel);
        return true;
    }

    /**
     * Shutdown, once the port stopped accepting: every connection is told to close as soon as it has nothing under
     * way ({@link SiteExchange#DRAIN}); an idle one closes now, one with an answer in progress after that answer.
     */
    void drain() {
        draining = true;
        for (Channel channel : channels) {
            channel.pipeline().fireUserEventTriggered(SiteExchange.DRAIN);
        }
    }

    /** The connections open now. */
    int open() {
        return open.get();
    }

    /**
     * One connection's deadline for its next request head, placed before the HTTP decoder so it sees raw bytes.
     * The clock starts when the connection opens, or with the first bytes after the previous head, and stops when
     * the exchange reports a complete head. One timer per connection, re-armed per timeout period: the per-request
     * cost is a clock read, no scheduling.
     */
    final class HeadDeadline extends ChannelInboundHandlerAdapter {
        private boolean awaiting = true;
        private long started = System.nanoTime();

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            started = System.nanoTime();
            ctx.executor().schedule(() -> check(ctx), headerTimeout, TimeUnit.NANOSECONDS);
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            if (!awaiting) {
                awaiting = true;
                started = System.nanoTime();
            }
            ctx.fireChannelRead(message);
        }

        /** Called on the event loop when the decoder has produced a whole request head. */
        void headArrived() {
            awaiting = false;
        }

        private void check(ChannelHandlerContext ctx) {
            if (!ctx.channel().isActive()) {
                return;
            }
            long waited = awaiting ? System.nanoTime() - started : 0;
            if (waited >= headerTimeout) {
                log.debug("Closed a site connection whose request head did not arrive within {}",
                        limits.headerTimeout());
                ctx.close();
                return;
            }
            ctx.executor().schedule(() -> check(ctx), headerTimeout - waited, TimeUnit.NANOSECONDS);
        }
    }
}
