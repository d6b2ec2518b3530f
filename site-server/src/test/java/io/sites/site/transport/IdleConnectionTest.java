package io.sites.site.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The keep-alive timeout on real sockets (a 500 ms timeout): a connection that sends nothing is closed; one whose
 * response, a single large message as a file sent with sendfile is, still moves to a slow reader stays open however
 * many timeouts pass; one whose reader stopped is closed.
 */
class IdleConnectionTest {
    private static final Duration TIMEOUT = Duration.ofMillis(500);
    private static final int RESPONSE_BYTES = 32 * 1024 * 1024;

    private EventLoopGroup group;
    private Channel server;
    private boolean respond;
    private final CompletableFuture<Channel> accepted = new CompletableFuture<>();

    @BeforeEach
    void start() throws InterruptedException {
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        // A small send buffer: the kernel then takes more of the response whenever the reader has read a little,
        // so the outbound buffer's progress moves at the reader's pace (a large one moves it in steps of megabytes).
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.SO_SNDBUF, 64 * 1024).childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new IdleConnection(TIMEOUT), new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelActive(ChannelHandlerContext ctx) {
                                if (respond) {
                                    ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[RESPONSE_BYTES]));
                                }
                                accepted.complete(ctx.channel());
                            }

                            @Override
                            public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
                                if (event instanceof IdleStateEvent) {
                                    ctx.close();
                                }
                            }
                        });
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.close().sync();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAfterTheTimeout() throws Exception {
        try (Socket client = connect()) {
            Channel channel = accepted.get(5, TimeUnit.SECONDS);
            assertThat(channel.closeFuture().await(5, TimeUnit.SECONDS)).as("closed when idle").isTrue();
            assertThat(client.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void aResponseStillMovingToASlowReaderKeepsItsConnectionAndAStalledOneDoesNot() throws Exception {
        respond = true;
        try (Socket client = connect()) {
            Channel channel = accepted.get(5, TimeUnit.SECONDS);
            InputStream in = client.getInputStream();
            byte[] chunk = new byte[16 * 1024];
            long read = 0;
            long until = System.nanoTime() + 8 * TIMEOUT.toNanos();
            while (System.nanoTime() < until) {
                int n = in.read(chunk);
                assertThat(n).as("the download goes on").isPositive();
                read += n;
                Thread.sleep(5);
            }
            assertThat(read).as("still under way").isLessThan(RESPONSE_BYTES);
            assertThat(channel.isOpen()).as("open through eight timeouts while its response moves").isTrue();

            assertThat(channel.closeFuture().await(5, TimeUnit.SECONDS)).as("closed once the reader stopped").isTrue();
        }
    }

    private Socket connect() throws Exception {
        Socket client = new Socket();
        client.setReceiveBufferSize(64 * 1024);
        client.connect(server.localAddress(), 5000);
        return client;
    }
}
