package io.sites.site.serving;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.handler.codec.http.HttpRequest;
import java.io.IOException;
import java.io.InputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a {@link SiteResponse} on a site connection: a body in memory with its head, in as few buffers as it takes,
 * a span of the blob's file after its head (sendfile), or a large file from the blob store in chunks. One for the
 * whole port; it keeps no state of a connection.
 */
public final class ResponseWriter {
    private static final Logger log = LoggerFactory.getLogger(ResponseWriter.class);
    private static final int STREAM_CHUNK = 64 * 1024;
    /** Bodies up to this size go out in one buffer with their head; larger ones as a second buffer (writev). */
    private static final int INLINE_BODY = 16 * 1024;

    private final ResponseHeads heads = new ResponseHeads();
    private final SiteFiles files;
    private final SiteTraffic.Port traffic;

    public ResponseWriter(SiteFiles files, SiteTraffic.Port traffic) {
        this.files = files;
        this.traffic = traffic;
    }

    /**
     * A body in memory: head and body in one buffer, flushed with the rest of this read's answers. On the event
     * loop only.
     */
    public void send(ChannelHandlerContext ctx, HttpRequest request, SiteResponse response, boolean keepAlive) {
        byte[] head = heads.head(response);
        boolean body = response.hasBody();
        long length = body ? response.contentLength : 0; // a file from disk may pass 2 GiB
        boolean fromDisk = body && response.file != null;
        boolean together = length <= INLINE_BODY && !fromDisk;
        traffic.answered(response.status);
        traffic.sent(length);
        ByteBuf out = ctx.alloc().ioBuffer(head.length + ResponseHeads.TAIL_ROOM + (together ? (int) length : 0));
        out.writeBytes(head);
        ResponseHeads.tail(out, request, keepAlive);
        // Keep-alive answers need no future: the void promise saves one per write (failures close the connection).
        ChannelPromise promise = keepAlive ? ctx.voidPromise() : ctx.newPromise();
        if (together) {
            if (body) {
                out.writeBytes(response.body);
            }
            ctx.write(out, promise);
        } else if (fromDisk) {
            // sendfile: the kernel sends the page cache's bytes; the region gives the file's lease back when done.
            // On epoll the cork holds the head back until the body's first bytes join it, and is lifted once all
            // is sent: without it the head leaves alone, and sendfile measured 0.65x a copy from memory at 200 KB.
            EpollSocketChannel epoll = corkable(ctx.channel());
            if (epoll != null) {
                epoll.config().setTcpCork(true);
                if (promise.isVoid()) {
                    promise = ctx.newPromise();
                }
                promise.addListener(sent -> {
                    if (epoll.isActive()) {
                        epoll.config().setTcpCork(false);
                    }
                });
            }
            ctx.write(out, ctx.voidPromise());
            ctx.write(response.file.region(response.fileOffset, length), promise);
        } else {
            // Straight from the cache's direct buffer: no copy in the JVM, the kernel reads it in place.
            ctx.write(out, ctx.voidPromise());
            ctx.write(Unpooled.wrappedBuffer(response.body), promise);
        }
        if (!keepAlive) {
            ctx.flush();
            promise.addListener(ChannelFutureListener.CLOSE);
        }
    }

    /**
     * A large file from the blob store, in chunks, waiting whenever the socket's buffer is full. On a thread that
     * may block, never the event loop; returns when the last chunk is written.
     */
    public void stream(ChannelHandlerContext ctx, HttpRequest request, SiteResponse response, boolean keepAlive)
            throws IOException {
        byte[] head = heads.head(response);
        ByteBuf out = ctx.alloc().ioBuffer(head.length + ResponseHeads.TAIL_ROOM);
        out.writeBytes(head);
        ResponseHeads.tail(out, request, keepAlive);
        traffic.answered(response.status);
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
                traffic.sent(read);
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

    /**
     * The socket a file's head can be corked on until its region is written, or null (NIO): sendfile is worth it
     * only with the cork, so this also decides which requests are sent files (transport's NettySiteRequest.sendsFiles).
     */
    public static EpollSocketChannel corkable(Channel channel) {
        return channel instanceof EpollSocketChannel epoll ? epoll : null;
    }

    /** A fixed answer that ends the connection: a request the decoder could not read (400), or a failure (500). */
    public void closing(ChannelHandlerContext ctx, int status, byte[] answer) {
        traffic.answered(status);
        ctx.writeAndFlush(Unpooled.wrappedBuffer(answer)).addListener(ChannelFutureListener.CLOSE);
    }
}
