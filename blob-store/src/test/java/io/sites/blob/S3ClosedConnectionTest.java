package io.sites.blob;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.BlobRef;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A blob write whose connection the server closes before answering (as a server does with a pooled connection it
 * has already dropped) is sent again by the SDK's retries ({@link ClosedConnectionRetry}), on a new connection, and
 * stored: seen as a 500 of a publish in FleetTest.
 */
class S3ClosedConnectionTest {

    @RegisterExtension
    static final S3ProxyServer S3 = new S3ProxyServer();

    @TempDir
    Path spool;

    @Test
    void aWriteWhoseConnectionIsClosedUnansweredIsSentAgain() throws Exception {
        byte[] bytes = new byte[64 * 1024];
        new Random(7).nextBytes(bytes);
        try (ClosingProxy proxy = new ClosingProxy(S3.endpoint().getPort(), OBJECT_WRITE, 1);
                S3Client client = S3BlobStore.clientBuilder(new S3BlobStore.Settings("unused", null,
                        proxy.endpoint(), S3.region(), true, S3.identity(), S3.credential())).build()) {
            S3BlobStore store = new S3BlobStore(client, "closed-connection", S3BlobStore.DEFAULT_PREFIX, spool);
            store.createBucketIfMissing();

            BlobRef ref = store.write(bytes);

            assertThat(proxy.closed()).as("the first write's connection was closed unanswered").isEqualTo(1);
            try (InputStream in = store.open(ref.sha256()).orElseThrow()) {
                assertThat(in.readAllBytes()).isEqualTo(bytes);
            }
        }
    }

    private static final String OBJECT_WRITE = "PUT /closed-connection/" + S3BlobStore.DEFAULT_PREFIX;

    /**
     * Forwards every connection to the S3 server, but closes the first {@code times} connections that carry a request
     * starting with {@code request} as soon as it arrives, without a byte of answer.
     */
    private static final class ClosingProxy implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final int upstream;
        private final String request;
        private final int times;
        private final AtomicInteger closed = new AtomicInteger();

        ClosingProxy(int upstream, String request, int times) throws IOException {
            this.upstream = upstream;
            this.request = request;
            this.times = times;
            Thread.ofVirtual().start(this::accept);
        }

        URI endpoint() {
            return URI.create("http://127.0.0.1:" + server.getLocalPort());
        }

        int closed() {
            return closed.get();
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket client = server.accept();
                    Thread.ofVirtual().start(() -> serve(client));
                } catch (IOException stopped) {
                    return;
                }
            }
        }

        private void serve(Socket client) {
            try (client; Socket server = new Socket(InetAddress.getLoopbackAddress(), upstream)) {
                Thread back = Thread.ofVirtual().start(() -> pump(server, client, false));
                pump(client, server, true);
                back.join();
            } catch (IOException | InterruptedException ended) {
                // the client or the server closed the connection
            }
        }

        /** Copies one direction; from the client, a request to close closes both sockets instead. */
        private void pump(Socket from, Socket to, boolean fromClient) {
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                byte[] buffer = new byte[16 * 1024];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (fromClient && new String(buffer, 0, n, StandardCharsets.ISO_8859_1).contains(request)
                            && closed.getAndUpdate(c -> c < times ? c + 1 : c) < times) {
                        from.close();
                        to.close();
                        return;
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
                to.shutdownOutput();
            } catch (IOException ended) {
                // one side closed
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
