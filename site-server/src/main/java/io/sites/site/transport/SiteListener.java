package io.sites.site.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
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
import io.netty.handler.ssl.SniHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.util.Mapping;
import io.sites.site.serving.ResponseWriter;
import io.sites.site.serving.SiteFiles;
import io.sites.site.serving.SiteResponder;
import io.sites.site.serving.SiteTraffic;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The site server's own port, from bind to shutdown: Netty event loops answer files held in memory without leaving
 * the loop (no thread hand-off, no framework in between), which is what keeps requests/s and p99 near nginx's.
 * Anything that may block — a blob not yet in memory, a first compression, a password check, a large file streamed
 * from the store — runs on a virtual thread, while the connection waits (see {@link SiteExchange}).
 * <p>
 * Shutdown drains: the port stops accepting, idle keep-alive connections close, answers under way are written to
 * the end (then their connections close), and only then do the event loops stop, within the drain timeout.
 */
public final class SiteListener implements SmartLifecycle {
    /**
     * Stops together with the API port's graceful shutdown (Spring Boot's phase for it), before the event
     * processors and the database, which stop in far lower phases. Anything that must stop before the site port
     * drains (a replica's heartbeat, which tells others this replica serves) takes a higher phase.
     */
    public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 1024;
    private static final Logger log = LoggerFactory.getLogger(SiteListener.class);
    private static final long EVENT_LOOPS_STOP_SECONDS = 2;

    private final String address;
    private final int requestedPort;
    private final int ioThreads;
    private final SiteResponder responder;
    private final SiteFiles files;
    private final SiteTraffic.Port traffic;
    private final ResponseWriter writer;
    private final SiteConnections connections;
    private final Duration drainTimeout;
    private final ExecutorService blocking = Executors.newVirtualThreadPerTaskExecutor();
    /** HTTPS: the certificate for a handshake's SNI, or null for plain HTTP. */
    private final Mapping<String, SslContext> certificates;
    private EventLoopGroup group;
    private Channel server;
    private volatile int port = -1;

    SiteListener(String address, int port, int ioThreads, SiteResponder responder, SiteFiles files,
            SiteTraffic traffic, SiteConnections.Limits limits, Duration drainTimeout) {
        this(address, port, ioThreads, responder, files, traffic, limits, drainTimeout, null);
    }

    SiteListener(String address, int port, int ioThreads, SiteResponder responder, SiteFiles files,
            SiteTraffic traffic, SiteConnections.Limits limits, Duration drainTimeout,
            Mapping<String, SslContext> certificates) {
        this.certificates = certificates;
        this.address = address;
        this.requestedPort = port;
        this.ioThreads = ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors();
        this.responder = responder;
        this.files = files;
        this.traffic = traffic.sitePort();
        this.writer = new ResponseWriter(files, traffic.sitePort());
        this.connections = new SiteConnections(limits);
        this.drainTimeout = drainTimeout;
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
                            if (certificates != null) {
                                // The handshake on the event loop, its certificate chosen by SNI from memory; the
                                // head deadline after it also bounds a handshake that never ends.
                                ch.pipeline().addLast(new SniHandler(certificates),
                                        new TlsProtocols(responder, files, blocking, traffic));
                            }
                            connections.open(ch, responder, writer, blocking);
                        }
                    })
                    .bind(address, requestedPort).syncUninterruptibly().channel();
        } catch (Throwable e) {
            // Not only RuntimeException: Netty rethrows a failed bind's IOException unchecked. A group left running
            // would keep the JVM alive (its threads are not daemons) after the start has failed.
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
        port = ((InetSocketAddress) server.localAddress()).getPort();
        log.info("Site server listening on {}:{} ({}{} event loop{}, {})", address, port,
                certificates == null ? "" : "HTTPS, ", ioThreads, ioThreads == 1 ? "" : "s", epoll ? "epoll" : "nio");
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    /** Drains off the calling thread, so the API port's graceful shutdown in the same phase drains meanwhile. */
    @Override
    public void stop(Runnable callback) {
        Thread.ofPlatform().name("site-port-drain").start(() -> {
            try {
                stop();
            } finally {
                callback.run();
            }
        });
    }

    @Override
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        long deadline = System.nanoTime() + drainTimeout.toNanos();
        // Bounded waits throughout: a shutdown must never hang on a connection or an event loop that does not answer.
        if (!server.close().awaitUninterruptibly(2, TimeUnit.SECONDS)) {
            log.warn("The site port did not close within 2 s");
        }
        connections.drain();
        while (connections.open() > 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        if (connections.open() > 0) {
            log.warn("{} site connection(s) still had an answer under way after {}; closing them",
                    connections.open(), drainTimeout);
        }
        if (!group.shutdownGracefully(0, EVENT_LOOPS_STOP_SECONDS, TimeUnit.SECONDS)
                .awaitUninterruptibly(EVENT_LOOPS_STOP_SECONDS + 3, TimeUnit.SECONDS)) {
            log.warn("The site server's event loops did not stop within {} s", EVENT_LOOPS_STOP_SECONDS + 3);
        }
        blocking.shutdownNow();
        server = null;
        port = -1;
    }

    @Override
    public boolean isRunning() {
        return server != null;
    }
}
