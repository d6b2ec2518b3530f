package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.sites.app.identity.oauth.OAuthBrowser;
import io.sites.cli.Sites;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line never hands a credential to a host it was not issued by. After a real browser login to the
 * service, the CLI is pointed at other origins (another loopback host name, another port of the same host name)
 * by {@code --api} and by {@code SITES_API}: real HTTP servers there record every Authorization header and answer
 * 401, which must not make the CLI renew the login at the issuer nor send anything. Plain http to an address that
 * is not loopback is refused before any connection, tried at {@code 0.0.0.0}: it is not a loopback address, yet it
 * reaches a recording server on this machine if a connection is attempted, so the test sees that none is and no
 * traffic can leave the machine whatever the CLI does (other addresses are covered by the CLI's OriginTest, which
 * opens no socket).
 */
class CliCredentialsTest extends LoopbackServiceTest {
    private static final String DECOY = "sites_pat_" + "d".repeat(43);

    @TempDir
    Path temp;

    private final List<HttpServer> servers = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final Set<String> foreignOrigins = new LinkedHashSet<>();
    private final List<String> seenByForeign = new CopyOnWriteArrayList<>();
    private int unauthenticatedRequests;

    record Run(int exit, String out, String err) {
    }

    @AfterEach
    void stop() {
        servers.forEach(server -> server.stop(0));
    }

    @Test
    void aStoredLoginGoesOnlyToItsOwnOriginAndPlainHttpOffLoopbackIsRefusedBeforeAnyConnection() throws Exception {
        Run login = sites(Map.of(), this::signUpAndApprove, "login", "--api", BASE);
        assertThat(login.exit()).as(login.err() + login.out()).isZero();
        assertThat(sites(Map.of(), "list").exit()).as("the login works at its own origin").isZero();
        Path config = temp.resolve("config/sites/config.json");
        String stored = Files.readString(config);

        int other = foreignServer();
        int otherPortNumber = foreignServer();
        String otherHost = "http://127.0.0.1:" + other;
        String otherPort = "http://localhost:" + otherPortNumber;
        foreignOrigins.add(otherHost);
        foreignOrigins.add(otherPort);
        Path site = Files.createDirectories(temp.resolve("site"));
        Files.writeString(site.resolve("index.html"), "<!doctype html><title>x</title><p>x");

        expectRefused("--api other host", sites(Map.of(), "--api", otherHost, "list"));
        expectRefused("--api other port", sites(Map.of(), "list", "--api", otherPort));
        expectRefused("SITES_API other host", sites(Map.of("SITES_API", otherHost), "list"));
        expectRefused("SITES_API other port, publish", sites(Map.of("SITES_API", otherPort), "publish",
                site.toString(), "--name", "Foreign"));
        // An explicit token goes where it is told; the 401 there must not renew the stored login.
        expectRefused("--token to other host", sites(Map.of(), "--api", otherHost, "--token", DECOY, "list"));
        long tokensSentToForeign = seenByForeign.stream().filter(header -> !header.equals("Bearer " + DECOY))
                .count();
        long issuerRefreshes = Files.readString(config).equals(stored) ? 0 : 1;
        if (issuerRefreshes > 0) {
            failures.add("the stored login changed (renewed at the issuer) after a foreign 401");
        }

        // Plain http off loopback: 0.0.0.0 reaches this machine, so an attempted connection would be seen here.
        int recorder = foreignServer();
        int before = seenByForeign.size() + unauthenticatedRequests;
        Run zero = sites(Map.of(), "--api", "http://0.0.0.0:" + recorder, "--token", DECOY, "list");
        Run zeroStored = sites(Map.of("SITES_API", "http://0.0.0.0:" + recorder), "list");
        int socketsBeforeRefusal = seenByForeign.size() + unauthenticatedRequests - before;
        int plainHttpRefused = 0;
        boolean refusedFirst = zero.exit() == 2 && zeroStored.exit() == 2 && socketsBeforeRefusal == 0
                && zero.err().contains("--insecure");
        if (refusedFirst) {
            plainHttpRefused += 2;
            // --insecure lifts the refusal (here towards this machine, through 0.0.0.0).
            Run insecure = sites(Map.of(), "--insecure", "--api", "http://0.0.0.0:" + recorder, "--token", DECOY,
                    "list");
            assertThat(insecure.exit()).as(insecure.err()).isEqualTo(3);
            assertThat(seenByForeign).endsWith("Bearer " + DECOY);
        } else {
            failures.add("plain http to 0.0.0.0 not refused before connecting: " + zero + " " + zeroStored
                    + " connections=" + socketsBeforeRefusal);
        }

        System.out.println("ADVERSARIAL cli-credentials: foreign_origins=" + foreignOrigins.size()
                + " tokens_sent_to_foreign=" + tokensSentToForeign + " issuer_refreshes=" + issuerRefreshes
                + " plain_http_refused=" + plainHttpRefused + " connections_before_refusal=" + socketsBeforeRefusal);
        assertThat(failures).isEmpty();
        assertThat(tokensSentToForeign).isZero();
        assertThat(sites(Map.of(), "list").exit()).as("the login still works at its own origin").isZero();
    }

    private void expectRefused(String attack, Run run) {
        if (run.exit() != 3) {
            failures.add(attack + ": exit " + run.exit() + " " + run.err());
        }
    }

    /** A server on another loopback port that records every Authorization header and refuses it, as a 401. */
    private int foreignServer() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        server.createContext("/", exchange -> {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            synchronized (this) {
                if (authorization == null) {
                    unauthenticatedRequests++;
                } else {
                    seenByForeign.add(authorization);
                }
            }
            byte[] body = "{\"error\":{\"code\":\"UNAUTHENTICATED\",\"message\":\"Who are you?\"}}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(401, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        servers.add(server);
        return server.getAddress().getPort();
    }

    /** The person's browser: signs up, approves, follows the redirect back to the command line's listener. */
    private void signUpAndApprove(URI authorize) {
        OAuthBrowser browser = new OAuthBrowser(BASE);
        browser.signUp(newUsername(), PASSWORD);
        browser.get(browser.consent(authorize.toString(), true).toString());
    }

    private Run sites(Map<String, String> extra, String... args) {
        return sites(extra, uri -> {
            throw new AssertionError("no browser expected: " + uri);
        }, args);
    }

    private Run sites(Map<String, String> extra, Consumer<URI> browser, String... args) {
        Map<String, String> env = new HashMap<>(Map.of("XDG_CONFIG_HOME", temp.resolve("config").toString(),
                "HOME", temp.toString()));
        env.putAll(extra);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Sites.run(env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), browser, args);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
