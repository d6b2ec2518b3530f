package io.sites.app.adversarial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sites.app.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The operator's ports of the embedded default listen on loopback unless told otherwise: the real service in a JVM
 * of its own, started with a management port and no address for it, and H2's TCP server for operator commands; where
 * each is bound is read from the kernel's table of listening sockets of this host ({@code /proc/net/tcp},
 * {@code /proc/net/tcp6}), so nothing is sent to any address but loopback to find out.
 */
class LoopbackPortsTest {
    private static final Path TCP = Path.of("/proc/net/tcp");
    private static final Path TCP6 = Path.of("/proc/net/tcp6");
    private static final String LISTEN = "0A";

    @Test
    void managementAndEmbeddedDatabasePortsListenOnLoopbackOnly() throws Exception {
        assumeTrue(Files.isReadable(TCP), "the kernel's socket table is Linux's");
        Path data = Files.createTempDirectory("sites-loopback");
        try (ServiceProcess service = new ServiceProcess(data, Map.of(), List.of("-Xmx256m",
                "-XX:TieredStopAtLevel=1")).withManagementPortAtItsDefaultAddress()) {
            service.launch();
            service.awaitReady();
            Path access = data.resolve("db").resolve("sites.tcp");
            service.awaitUntil(() -> Files.isReadable(access));
            int h2 = Integer.parseInt(Files.readString(access).strip().split(" ")[0]);
            List<String> management = listening(service.managementPort());
            List<String> database = listening(h2);
            System.out.println("ADVERSARIAL loopback-ports: management=" + String.join(",", management)
                    + " h2=" + String.join(",", database) + " non-loopback="
                    + (management.stream().filter(a -> !loopback(a)).count()
                            + database.stream().filter(a -> !loopback(a)).count()));
            assertThat(management).as("the management port's listening sockets").isNotEmpty()
                    .allMatch(LoopbackPortsTest::loopback);
            assertThat(database).as("H2's TCP server's listening sockets").isNotEmpty()
                    .allMatch(LoopbackPortsTest::loopback);
            assertThat(service.management().get("/actuator/health/liveness", null).status()).isEqualTo(200);
        }
    }

    /** The local addresses of the sockets listening on {@code port}, as text ("127.0.0.1", "::"). */
    private static List<String> listening(int port) throws IOException {
        List<String> addresses = new ArrayList<>();
        for (Path table : List.of(TCP, TCP6)) {
            if (!Files.isReadable(table)) {
                continue;
            }
            for (String line : Files.readAllLines(table).stream().skip(1).toList()) {
                String[] fields = line.trim().split("\\s+");
                String[] local = fields[1].split(":");
                if (fields[3].equals(LISTEN) && Integer.parseInt(local[1], 16) == port) {
                    addresses.add(address(local[0]));
                }
            }
        }
        return addresses;
    }

    /** The kernel writes each 32-bit word of an address in the host's byte order: little-endian here. */
    private static String address(String hex) {
        List<Integer> bytes = new ArrayList<>();
        for (int word = 0; word < hex.length(); word += 8) {
            for (int b = 6; b >= 0; b -= 2) {
                bytes.add(Integer.parseInt(hex.substring(word + b, word + b + 2), 16));
            }
        }
        if (bytes.size() == 4) {
            return bytes.stream().map(String::valueOf).collect(Collectors.joining("."));
        }
        boolean mapped = bytes.subList(0, 10).stream().allMatch(b -> b == 0) && bytes.get(10) == 0xff
                && bytes.get(11) == 0xff;
        if (mapped) {
            return bytes.subList(12, 16).stream().map(String::valueOf).collect(Collectors.joining("."));
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 16; i += 2) {
            text.append(i == 0 ? "" : ":").append(Integer.toHexString(bytes.get(i) << 8 | bytes.get(i + 1)));
        }
        return text.toString().equals("0:0:0:0:0:0:0:0") ? "::" : text.toString().replace("0:0:0:0:0:0:0:1", "::1");
    }

    private static boolean loopback(String address) {
        return address.startsWith("127.") || address.equals("::1");
    }
}
