package io.sites.app.operator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Optional;
import org.h2.engine.SysProperties;
import org.h2.tools.Server;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Lets operator commands reach the embedded H2 file database while the service holds it open (H2 allows one process
 * per file): once ready, the service serves its own database over H2's TCP protocol on a free loopback port, and
 * writes the port and a random key to {@code <database>.tcp} (owner-only) beside the file. The key is the only
 * database name the server answers (H2's {@code -key}, as its AUTO_SERVER mode does; that mode itself refuses
 * DB_CLOSE_ON_EXIT=FALSE); the server listens on loopback only ({@code h2.bindAddress}, see LoopbackEnvironment) and
 * refuses connections from other hosts besides, and the file goes when the service stops.
 * {@link OperatorEnvironment} points an operator command at it. PostgreSQL needs none of this.
 */
@Component
class EmbeddedDatabaseServer implements DisposableBean {
    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseServer.class);
    static final String H2_FILE = "jdbc:h2:file:";

    private final String url;
    private Server server;
    private Path accessFile;

    /** Takes the data source so that Spring stops this server before it closes the pool (and the database). */
    EmbeddedDatabaseServer(Environment environment, javax.sql.DataSource dataSource) {
        this.url = environment.getProperty("spring.datasource.url", "");
    }

    @EventListener(ApplicationReadyEvent.class)
    void serve() throws SQLException, IOException {
        if (!url.startsWith(H2_FILE)) {
            return;
        }
        // H2 binds its servers to h2.bindAddress (loopback, set by LoopbackEnvironment before H2 loaded), read once
        // per JVM; unset, the server would listen on every address of the host.
        if (SysProperties.BIND_ADDRESS == null || SysProperties.BIND_ADDRESS.isBlank()) {
            log.warn("Operator commands cannot reach the database while this service runs: H2 was loaded before "
                    + "h2.bindAddress was set, and its TCP server would listen on every address");
            return;
        }
        Path database = database(url).toAbsolutePath().normalize();
        String key = newKey();
        server = Server.createTcpServer("-tcpPort", "0", "-ifExists", "-key", key, database.toString()).start();
        accessFile = accessFile(url);
        Path written = Files.createTempFile(accessFile.getParent(), "tcp", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(written, server.getPort() + " " + key + "\n");
        Files.move(written, accessFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        log.debug("Operator commands reach the database on loopback port {}", server.getPort());
    }

    @Override
    public void destroy() throws IOException {
        if (server != null) {
            Files.deleteIfExists(accessFile);
            server.stop();
        }
    }

    /**
     * The URL an operator command uses instead of {@code fileUrl} while a service holds that database: the same
     * settings over TCP; empty when no service answers (none runs, or one was killed and left its file behind).
     */
    static Optional<String> remoteUrl(String fileUrl) {
        if (!fileUrl.startsWith(H2_FILE)) {
            return Optional.empty();
        }
        Path file = accessFile(fileUrl);
        if (!Files.isReadable(file)) {
            return Optional.empty();
        }
        String[] access;
        try {
            access = Files.readString(file).strip().split(" ");
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        int port = Integer.parseInt(access[0]);
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
        } catch (IOException nobodyThere) {
            return Optional.empty();
        }
        int settings = fileUrl.indexOf(';');
        return Optional.of("jdbc:h2:tcp://127.0.0.1:" + port + "/" + access[1]
                + (settings < 0 ? "" : fileUrl.substring(settings)));
    }

    private static String newKey() {
        byte[] key = new byte[16];
        new SecureRandom().nextBytes(key);
        return HexFormat.of().formatHex(key);
    }

    private static Path database(String fileUrl) {
        int settings = fileUrl.indexOf(';');
        return Path.of(fileUrl.substring(H2_FILE.length(), settings < 0 ? fileUrl.length() : settings));
    }

    private static Path accessFile(String fileUrl) {
        Path database = database(fileUrl);
        return database.resolveSibling(database.getFileName() + ".tcp");
    }
}
