package io.sites.app.adversarial;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.ServiceProcess;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A site's own rules must not make it an open redirect: a splat or placeholder filled from the request must never
 * give a Location that a browser reads as another host (scheme-relative {@code //host}, backslashes, tabs and
 * newlines a browser drops), on the site port and on the API's port, for the live site and its preview; and a
 * rewrite's target is decoded once, not twice.
 */
class OpenRedirectTest {
    private static final String RULES = """
            /old/*      /:splat       301
            /to/:name   /:name        302
            /keep/*     /kept/:splat  301
            /r/*        /:splat       200
            """;
    /** What follows {@code /old/}: each a way to smuggle a second leading slash past the rule. */
    private static final List<String> SPLATS = List.of("/evil.example", "//evil.example", "%2F%2Fevil.example",
            "%2f%2fevil.example", "/%2fevil.example", "%2F/evil.example", "/%2F/evil.example", "\\evil.example",
            "/\\evil.example", "\\\\evil.example", "%5Cevil.example", "%5C%5Cevil.example", "/%5Cevil.example",
            "%5C/evil.example", "%09/evil.example", "/%09/evil.example", "%0A/evil.example", "%0D%0A/evil.example",
            "%2F%09%2Fevil.example", "%09%09/evil.example", "%20/evil.example", "%00/evil.example");
    /** What follows {@code /to/}: one segment. */
    private static final List<String> NAMES = List.of("%5Cevil.example", "%5C%5Cevil.example", "%09%5Cevil.example",
            "%2F%2Fevil.example", "\\evil.example", "%5C%09%5Cevil.example");

    @Test
    void noRuleRedirectsToAnotherHost() throws Exception {
        try (ServiceProcess service = ServiceProcess.restartable(Files.createTempDirectory("sites-open-redirect"),
                Map.of())) {
            service.start();
            String slug = Bundles.unique("redir");
            assertThat(service.api().post("/v1/websites", ServiceProcess.TOKEN, site(slug, "Redirects",
                    file("index.html", "<!doctype html><title>Home</title><p>home</p>"),
                    file("A.html", "<!doctype html><title>A</title><p>the file A</p>"),
                    file("_redirects", RULES))).status()).isEqualTo(201);

            Map<String, Integer> ports = new LinkedHashMap<>();
            ports.put("site", service.sitePort());
            ports.put("api", service.apiPort());
            List<String> targets = new ArrayList<>();
            SPLATS.forEach(splat -> targets.add("/old/" + splat));
            NAMES.forEach(name -> targets.add("/to/" + name));
            int requests = 0;
            List<String> offHost = new ArrayList<>();
            List<String> doubleDecoded = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (Map.Entry<String, Integer> port : ports.entrySet()) {
                RawHttp http = new RawHttp(port.getValue());
                for (String label : List.of(slug, "v1--" + slug)) {
                    String host = label + ".localhost";
                    for (String target : targets) {
                        RawHttp.Response answer = http.send(host, "GET", target, List.of(), null);
                        requests++;
                        String location = answer.header("Location");
                        if (answer.status() >= 500 || answer.status() < 0) {
                            failed.add(port.getKey() + " " + host + " GET " + target + " -> " + answer.status());
                        }
                        if (location != null && leavesHost(location, host)) {
                            offHost.add(port.getKey() + " " + host + " GET " + target + " -> " + answer.status()
                                    + " Location: " + location);
                        }
                    }
                    // A rewrite serves the file the visitor named: "%2541" is "%41", not "A".
                    RawHttp.Response rewrite = http.send(host, "GET", "/r/%2541.html", List.of(), null);
                    requests++;
                    if (rewrite.status() == 200 && rewrite.text().contains("the file A")) {
                        doubleDecoded.add(port.getKey() + " " + host + " /r/%2541.html served A.html");
                    }
                }
            }
            System.out.printf("ADVERSARIAL open-redirect: requests=%d off_host=%d double_decoded=%d%n", requests,
                    offHost.size(), doubleDecoded.size());
            assertThat(offHost).as("Locations a browser follows to another host").isEmpty();
            assertThat(failed).as("5xx or no answer").isEmpty();
            assertThat(doubleDecoded).as("rewrite targets decoded twice").isEmpty();
            for (Map.Entry<String, Integer> port : ports.entrySet()) {
                RawHttp http = new RawHttp(port.getValue());
                String host = slug + ".localhost";
                // Fine cases stay fine: the rule still redirects, with what the visitor asked for.
                RawHttp.Response plain = http.send(host, "GET", "/old/page", List.of(), null);
                assertThat(plain.status()).isEqualTo(301);
                assertThat(plain.header("Location")).isEqualTo("/page");
                assertThat(http.send(host, "GET", "/keep/a%20b/c", List.of(), null).header("Location"))
                        .isEqualTo("/kept/a%20b/c");
                assertThat(http.send(host, "GET", "/old/100%25", List.of(), null).header("Location"))
                        .isEqualTo("/100%25");
                assertThat(http.send(host, "GET", "/old//evil.example", List.of(), null).header("Location"))
                        .isEqualTo("/evil.example");
                assertThat(http.send(host, "GET", "/r/A.html", List.of(), null).text()).contains("the file A");
            }
        }
    }

    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:(.*)$", Pattern.DOTALL);

    /**
     * Whether a browser at {@code http://host/} follows this Location to another host, as the URL standard
     * parses it: C0 controls and spaces trimmed at both ends, tabs and newlines dropped anywhere, a backslash
     * read as a slash, and a leading {@code //} naming a host.
     */
    static boolean leavesHost(String location, String host) {
        String url = location.replaceAll("^[\\x00-\\x20]+|[\\x00-\\x20]+$", "").replaceAll("[\\t\\n\\r]", "")
                .replace('\\', '/');
        Matcher scheme = SCHEME.matcher(url);
        String rest = url;
        if (scheme.matches()) {
            rest = scheme.group(1);
            if (!rest.startsWith("//")) {
                return false; // "http:page" is relative to the same host
            }
        }
        if (!rest.startsWith("//")) {
            return false;
        }
        String authority = rest.substring(2).split("[/?#]", 2)[0];
        String named = authority.substring(authority.lastIndexOf('@') + 1).split(":", 2)[0];
        return !named.toLowerCase(Locale.ROOT).equals(host.toLowerCase(Locale.ROOT));
    }
}
