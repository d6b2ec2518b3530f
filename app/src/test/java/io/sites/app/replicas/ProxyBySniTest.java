package io.sites.app.replicas;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static io.sites.app.Bundles.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Http;
import io.sites.app.PostgresAppTest;
import io.sites.app.ServiceProcess;
import io.sites.app.TestPebble;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.x509.GeneralName;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

/**
 * The fleet's front proxy (issue 34, item 6): real HAProxy running deploy/proxy/haproxy.cfg on loopback, its
 * server-templates (Compose's DNS) replaced by this test's two sites replicas and this process as the api replica.
 * HTTPS by SNI reaches a replica with the replica's own certificate (the proxy never ends a site's TLS), plain HTTP
 * is routed by Host likewise, and the API host is served over HTTPS with the operator's certificate and over HTTP.
 */
class ProxyBySniTest extends PostgresAppTest {
    private static final String SITE_HOST = "sni.test";
    private static final String API_HOST = "api.sni.test";
    private static final Pattern TEMPLATE = Pattern.compile(
            "(?m)^(\\s*)server-template (\\S+) \"\\$\\{\\w+-\\d+}\" \"\\$\\{(\\w+)-[^}]*}\"(.*)$");

    @Autowired
    Environment environment;

    @Test
    void tlsPassesThroughBySniToTheReplicasAndTheApiHostIsServedWithTheOperatorsCertificate() throws Exception {
        String slug = unique("sni");
        assertThat(http().post("/v1/websites", ALICE, site(slug, "Behind the proxy",
                file("index.html", "<p>through the proxy</p>"))).status()).isEqualTo(201);
        Path work = Files.createTempDirectory("sites-proxy");
        List<ServiceProcess> replicas = new ArrayList<>();
        List<Integer> tlsPorts = new ArrayList<>();
        Map<String, X509Certificate> certificates = new java.util.HashMap<>();
        Process proxy = null;
        try {
            for (String name : List.of("replica-a", "replica-b")) {
                // Each replica its own wildcard, so the certificate a client sees names the replica that sent it.
                Path cert = work.resolve(name + ".pem");
                Path key = work.resolve(name + "-key.pem");
                certificates.put(name, TestPebble.selfSigned(cert, key, name,
                        new GeneralName(GeneralName.dNSName, "*." + SITE_HOST)));
                int tlsPort = ServiceProcess.freePort();
                tlsPorts.add(tlsPort);
                ServiceProcess replica = new ServiceProcess(Path.of(environment.getProperty("sites.data-dir")),
                        Map.ofEntries(Map.entry("SITES_ROLES", "sites"), Map.entry("HOSTNAME", name),
                                Map.entry("SITES_SITE_SERVER_REPLICA", name), Map.entry("SITES_SITE_HOST", SITE_HOST),
                                Map.entry("SITES_SITE_TLS_PORT", Integer.toString(tlsPort)),
                                Map.entry("SITES_TLS_CERTIFICATE", cert.toString()),
                                Map.entry("SITES_TLS_PRIVATE_KEY", key.toString()),
                                Map.entry("SPRING_PROFILES_ACTIVE", "postgres"),
                                Map.entry("SPRING_DATASOURCE_URL", environment.getProperty("spring.datasource.url")),
                                Map.entry("SPRING_DATASOURCE_USERNAME",
                                        environment.getProperty("spring.datasource.username")),
                                Map.entry("SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE", "4")),
                        List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                        .named(name).withManagementPort().sharingData();
                replica.launch();
                replicas.add(replica);
            }
            for (ServiceProcess replica : replicas) {
                replica.awaitReady();
            }
            Path apiCert = work.resolve("api.pem");
            Path apiKey = work.resolve("api-key.pem");
            X509Certificate operator = TestPebble.selfSigned(apiCert, apiKey, API_HOST,
                    new GeneralName(GeneralName.dNSName, API_HOST));
            Path bundle = work.resolve("api-bundle.pem");
            Files.writeString(bundle, Files.readString(apiCert) + Files.readString(apiKey));
            int httpsPort = ServiceProcess.freePort();
            int httpPort = ServiceProcess.freePort();
            proxy = startProxy(work, replicas, tlsPorts, bundle, httpsPort, httpPort);
            String host = slug + "." + SITE_HOST;
            awaitProxy(new Http(httpPort), host, proxy, work);

            Set<String> served = new HashSet<>();
            for (int i = 0; i < 6; i++) {
                HttpsDomainTest.Answer answer = HttpsDomainTest.https(httpsPort, host, List.copyOf(certificates.values()), "/");
                assertThat(answer.text()).startsWith("HTTP/1.1 200").endsWith("<p>through the proxy</p>");
                assertThat(answer.leaf()).as("the proxy never presents its own certificate for a site")
                        .isNotEqualTo(operator);
                served.add(answer.leaf().getSubjectX500Principal().getName());
            }
            assertThat(served).as("round robin over both replicas, each with its own certificate")
                    .containsExactlyInAnyOrder("CN=replica-a", "CN=replica-b");

            Http.Response plain = new Http(httpPort).onHost(host, "GET", "/");
            assertThat(plain.status()).isEqualTo(200);
            assertThat(plain.text()).isEqualTo("<p>through the proxy</p>");

            HttpsDomainTest.Answer api = HttpsDomainTest.https(httpsPort, API_HOST, List.of(operator), "/v1");
            assertThat(api.leaf()).isEqualTo(operator);
            assertThat(api.text()).startsWith("HTTP/1.1 200").contains("openapi.json");
            Http.Response apiPlain = new Http(httpPort).onHost(API_HOST, "GET", "/v1");
            assertThat(apiPlain.status()).isEqualTo(200);
            assertThat(apiPlain.text()).contains("openapi.json");
        } finally {
            if (proxy != null) {
                proxy.destroy();
                if (!proxy.waitFor(30, TimeUnit.SECONDS)) {
                    proxy.destroyForcibly().waitFor();
                }
            }
            for (ServiceProcess replica : replicas) {
                replica.close();
            }
        }
    }

    /** HAProxy in the foreground with the deployed configuration, its servers this test's, on loopback only. */
    private Process startProxy(Path work, List<ServiceProcess> replicas, List<Integer> tlsPorts, Path apiCertificate,
            int httpsPort, int httpPort) throws Exception {
        String config = Files.readString(Path.of("..", "deploy", "proxy", "haproxy.cfg"));
        Matcher templates = TEMPLATE.matcher(config);
        StringBuilder replaced = new StringBuilder();
        int count = 0;
        while (templates.find()) {
            count++;
            List<Integer> ports = switch (templates.group(3)) {
                case "SITES_TLS_UPSTREAM" -> tlsPorts;
                case "SITES_HTTP_UPSTREAM" -> replicas.stream().map(ServiceProcess::sitePort).toList();
                case "API_UPSTREAM" -> List.of(http().port());
                default -> throw new AssertionError("An upstream this test does not know: " + templates.group());
            };
            StringBuilder servers = new StringBuilder();
            for (int i = 0; i < ports.size(); i++) {
                servers.append(i == 0 ? "" : "\n").append(templates.group(1)).append("server ")
                        .append(templates.group(2)).append(i).append(" 127.0.0.1:").append(ports.get(i)).append(" check");
            }
            templates.appendReplacement(replaced, Matcher.quoteReplacement(servers.toString()));
        }
        templates.appendTail(replaced);
        assertThat(count).as("the sites' TLS, the sites' HTTP and the API").isEqualTo(3);
        Path file = work.resolve("haproxy.cfg");
        Files.writeString(file, replaced.toString());
        String haproxy = Files.isExecutable(Path.of("/usr/sbin/haproxy")) ? "/usr/sbin/haproxy" : "haproxy";
        ProcessBuilder builder = new ProcessBuilder(haproxy, "-db", "-f", file.toString())
                .redirectErrorStream(true).redirectOutput(work.resolve("haproxy.log").toFile());
        builder.environment().putAll(Map.of("API_HOST", API_HOST, "API_CERTIFICATE", apiCertificate.toString(),
                "PROXY_HTTPS_BIND", "127.0.0.1:" + httpsPort, "PROXY_HTTP_BIND", "127.0.0.1:" + httpPort,
                "PROXY_VARNISH_BACKEND_BIND", "127.0.0.1:" + ServiceProcess.freePort(), "PROXY_MAXCONN", "1000"));
        return builder.start();
    }

    private static void awaitProxy(Http proxy, String host, Process process, Path work) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            assertThat(process.isAlive()).as("haproxy: " + Files.readString(work.resolve("haproxy.log"))).isTrue();
            try {
                if (proxy.onHost(host, "GET", "/").status() == 200) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            assertThat(System.nanoTime()).as("haproxy answering: " + Files.readString(work.resolve("haproxy.log")))
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
