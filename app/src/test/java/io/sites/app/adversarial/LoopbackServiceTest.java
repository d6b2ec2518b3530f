package io.sites.app.adversarial;

import io.sites.app.SitesApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.UUID;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The service with its OAuth authorization server on a port chosen up front, so that its own address (the issuer,
 * sites.base-url) is the one the command line and the scripted browser reach; shared by the attacks on logins, so
 * that they run against one started service.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@TestPropertySource(properties = "sites.limits.sign-ups-per-hour=100000")
abstract class LoopbackServiceTest {
    static final int PORT = freePort();
    static final String BASE = "http://localhost:" + PORT;
    static final String PASSWORD = "correct horse battery";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws IOException {
        registry.add("server.port", () -> PORT);
        registry.add("sites.base-url", () -> BASE);
        registry.add("sites.site-host", () -> "localhost");
        registry.add("sites.data-dir", Files.createTempDirectory("sites-login-attacks")::toString);
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String newUsername() {
        return "a" + UUID.randomUUID().toString().substring(0, 12);
    }
}
