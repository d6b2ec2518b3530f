package io.sites.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.SitesApplication;
import io.sites.cli.Sites;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The command line {@code sites} (module cli) against this service on a real port, through its {@code main}'s own
 * entry ({@link Sites#run}): a folder published, one file changed and republished with only that file sent, a
 * rollback, a delete; the stored login; each exit code. On a port chosen up front, so that the service's own address
 * (sites.base-url), which its upload slots' putUrl carry, is one the command line can reach.
 */
@SpringBootTest(classes = SitesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
class CommandLineTest extends EmbeddedAppTest {
    private static final int PORT = freePort();
    private static final byte[] LOGO = {(byte) 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, (byte) 0xff, 1};

    @TempDir
    Path temp;

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    @DynamicPropertySource
    static void port(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("sites.base-url", () -> "http://localhost:" + PORT);
        io.sites.app.usecases.DomainsContract.domainProperties(registry);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    record Run(int exit, String out, String err) {
        JsonNode json() {
            return Http.JSON.readTree(out);
        }
    }

    private Run sites(Map<String, String> env, String... args) {
        return piped(env, "", args);
    }

    /** With {@code stdin} as the command's standard input. */
    private Run piped(Map<String, String> env, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Sites.run(env, new java.io.ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                uri -> {
                    throw new AssertionError("no browser expected: " + uri);
                }, args);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** No stored login, no SITES_* variables: what the arguments say, only. */
    private Map<String, String> env() {
        return Map.of("XDG_CONFIG_HOME", temp.resolve("config").toString(), "HOME", temp.toString());
    }

    private Run sites(String... args) {
        List<String> all = new ArrayList<>(List.of("--api", api(), "--token", ALICE));
        all.addAll(List.of(args));
        return sites(env(), all.toArray(String[]::new));
    }

    private String api() {
        return "http://127.0.0.1:" + http().port();
    }

    private Path folder(String name) throws Exception {
        Path dir = Files.createDirectories(temp.resolve(name));
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>CLI</title>"
                + "<link rel=stylesheet href=style.css><img src=logo.png alt=logo><h1>Hello</h1>");
        Files.writeString(dir.resolve("style.css"), "h1 { color: sienna }");
        Files.write(dir.resolve("logo.png"), LOGO);
        Files.createDirectories(dir.resolve("drafts"));
        Files.writeString(dir.resolve("drafts/next.html"), "<!doctype html><title>Draft</title>");
        Files.writeString(dir.resolve("notes.bak"), "private notes");
        Files.writeString(dir.resolve(".sitesignore"), "# not for the public\ndrafts/\n*.bak\n");
        return dir;
    }

    @Test
    void publishesAFolderThenOnlyTheChangedFileThenRollsBackAndDeletes() throws Exception {
        Path dir = folder("site");
        String slug = Bundles.unique("cli");

        Run first = sites("publish", dir.toString(), "--site", slug, "--name", "From the CLI", "--json");
        assertThat(first.exit()).as(first.err() + first.out()).isZero();
        JsonNode published = first.json();
        assertThat(published.get("version").asInt()).isEqualTo(1);
        assertThat(published.get("slug").asString()).isEqualTo(slug);
        assertThat(published.get("pageUrl").asString()).contains(slug);
        long all = Files.size(dir.resolve("index.html")) + Files.size(dir.resolve("style.css")) + LOGO.length;
        assertThat(published.get("filesSent").asInt()).isEqualTo(3);
        assertThat(published.get("bytesSent").asLong()).isEqualTo(all);
        assertThat(http().site(slug, "/style.css").text()).isEqualTo("h1 { color: sienna }");
        assertThat(http().site(slug, "/logo.png").raw().body()).isEqualTo(LOGO);
        assertThat(http().site(slug, "/drafts/next.html").status()).isEqualTo(404);
        assertThat(http().site(slug, "/notes.bak").status()).isEqualTo(404);

        Files.writeString(dir.resolve("style.css"), "h1 { color: teal }");
        // The global options after the subcommand this time, and the text output.
        Run second = sites(env(), "publish", dir.toString(), "--site", slug, "-m", "Teal", "--api", api(),
                "--token", ALICE);
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(second.out()).contains("Published version 2: " + published.get("pageUrl").asString())
                .contains("Sent 1 of 3 files (18 B)");
        assertThat(second.err()).contains("sent style.css (18 B)").doesNotContain("index.html (");
        assertThat(http().site(slug, "/style.css").text()).isEqualTo("h1 { color: teal }");

        int keysBefore = jdbc.queryForObject("select count(*) from idempotent_request", Integer.class);
        Run again = sites("--json", "publish", dir.toString(), "--site", slug);
        assertThat(jdbc.queryForObject("select count(*) from idempotent_request", Integer.class))
                .as("one request, under its Idempotency-Key").isEqualTo(keysBefore + 1);
        assertThat(again.json().get("filesSent").asInt()).isZero();
        assertThat(again.json().get("bytesSent").asLong()).isZero();
        assertThat(again.json().get("version").asInt()).isEqualTo(3);

        Run versions = sites("versions", slug, "--json");
        assertThat(versions.json().get("versions")).hasSize(3);
        assertThat(versions.json().get("versions").get(0).get("isCurrent").asBoolean()).isTrue();

        Files.writeString(dir.resolve("style.css"), "h1 { color: navy }");
        Run stored = sites("--json", "publish", dir.toString(), "--site", slug, "--no-promote");
        assertThat(stored.json().get("version").asInt()).isEqualTo(4);
        assertThat(stored.json().get("isCurrent").asBoolean()).isFalse();
        assertThat(http().site(slug, "/style.css").text()).isEqualTo("h1 { color: teal }");

        Run promoted = sites("promote", slug, "4");
        assertThat(promoted.exit()).as(promoted.err()).isZero();
        assertThat(http().site(slug, "/style.css").text()).isEqualTo("h1 { color: navy }");

        // Live were 1, 2, 3, then 4: the previous live one is 3, and a second rollback undoes the first.
        Run rollback = sites("--json", "rollback", slug);
        assertThat(rollback.exit()).as(rollback.err()).isZero();
        assertThat(rollback.json().get("version").asInt()).isEqualTo(3);
        assertThat(http().site(slug, "/style.css").text()).isEqualTo("h1 { color: teal }");
        assertThat(sites("--json", "rollback", slug).json().get("version").asInt()).isEqualTo(4);

        Run history = sites("history", slug, "--json");
        assertThat(history.json().get("items").get(0).get("type").asString()).isEqualTo("version.promoted");
        assertThat(sites("open", slug).out().strip()).isEqualTo(published.get("pageUrl").asString());
        assertThat(sites("list").out()).contains(slug);
        // ifCurrentVersion: a publish against a version that is no longer live is refused, nothing published.
        Run conflict = sites("publish", dir.toString(), "--site", slug, "--if-current", "1");
        assertThat(conflict.exit()).isEqualTo(1);
        assertThat(conflict.err()).contains("Another publish changed the live version of " + slug);
        Run conflictJson = sites("publish", dir.toString(), "--site", slug, "--if-current", "1", "--json");
        assertThat(conflictJson.json().at("/error/code").asString()).isEqualTo("VERSION_CONFLICT");
        assertThat(conflictJson.json().get("exitCode").asInt()).isEqualTo(1);
        assertThat(sites("versions", slug, "--json").json().get("versions")).hasSize(4);

        // The CLI finds a slug with listWebsites?slug= (an extension): only that site, whatever its age.
        JsonNode bySlug = http().get("/v1/websites?slug=" + slug, ALICE).json().get("items");
        assertThat(bySlug).singleElement().satisfies(item -> {
            assertThat(item.get("slug").asString()).isEqualTo(slug);
            assertThat(item.get("id").asString()).isEqualTo(published.get("websiteId").asString());
        });
        assertThat(http().get("/v1/websites?slug=" + slug + "-none", ALICE).json().get("items")).isEmpty();

        assertThat(sites("delete", slug).exit()).as("no --yes and no terminal: nothing deleted").isEqualTo(2);
        assertThat(http().site(slug, "/").status()).isEqualTo(200);
        Run deleted = sites("delete", slug, "--yes");
        assertThat(deleted.exit()).as(deleted.err()).isZero();
        assertThat(http().site(slug, "/").status()).isEqualTo(410);
    }

    @Test
    void domainsAreAddedListedVerifiedAndRemoved() throws Exception {
        String slug = "cli-domains-" + System.nanoTime();
        // Files of its own: another test counts the files its first publish sends, which stored ones would lower.
        Path dir = Files.createDirectories(temp.resolve("domains"));
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>" + slug + "</title><h1>Domains</h1>");
        sites("publish", dir.toString(), "--site", slug, "--json");
        String host = "www." + slug + ".test";
        Run added = sites("domains", "add", slug, host);
        assertThat(added.exit()).as(added.err()).isZero();
        assertThat(added.out()).contains("_sites-challenge." + host).contains("CNAME");
        String token = sites("--json", "domains", "ls", slug).json().get("domains").get(0).get("verification")
                .get("value").asString();
        assertThat(sites("domains", "ls", slug).out()).contains(host).contains("pending");
        Run unverified = sites("domains", "verify", slug, host);
        assertThat(unverified.exit()).as("refused").isEqualTo(1);
        assertThat(unverified.err()).contains("NXDOMAIN");
        io.sites.app.TestDns.SHARED.setTxt("_sites-challenge." + host, token);
        assertThat(sites("domains", "verify", slug, host).out()).contains(host + " is verified");
        assertThat(sites("domains", "rm", slug, host).exit()).isZero();
        assertThat(sites("domains", "ls", slug).out()).contains("No custom domains");
    }

    @Test
    void webhooksAreAddedListedTestedAndRemoved() throws Exception {
        String slug = "cli-hooks-" + System.nanoTime();
        Path dir = Files.createDirectories(temp.resolve("hooks"));
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>" + slug + "</title><h1>Hooks</h1>");
        sites("publish", dir.toString(), "--site", slug, "--json");
        String url = "https://hooks.cli-test.invalid/in"; // never resolves: nothing leaves the machine
        Run added = sites("--json", "webhooks", "add", slug, url, "-e", "version.published,domain.active");
        assertThat(added.exit()).as(added.err()).isZero();
        String id = added.json().get("id").asString();
        assertThat(added.json().get("secret").asString()).startsWith("whsec_");
        assertThat(sites("webhooks", "ls", slug).out()).contains(id).contains(url)
                .contains("version.published,domain.verified");
        assertThat(sites("webhooks", "test", slug, id).out()).contains("Queued delivery msg_");
        Run unknown = sites("webhooks", "add", slug, url, "-e", "site.exploded");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(unknown.err()).contains("site.exploded");
        assertThat(sites("webhooks", "rm", slug, id).exit()).isZero();
        assertThat(sites("webhooks", "ls", slug).out()).contains("No webhooks");
        assertThat(sites("webhooks", "ls", "--account").out()).contains("No webhooks");
    }

    @Test
    void settingsShowsAndChangesRetentionAndExpiry() throws Exception {
        String slug = Bundles.unique("cliset");
        Path dir = Files.createDirectories(temp.resolve("settings"));
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>Settings</title><p>" + slug);
        String id = sites("publish", dir.toString(), "--site", slug, "--json").json().get("websiteId").asString();
        assertThat(sites("settings", slug).out()).contains("keeps every version", "never expires");
        String expiry = java.time.Instant.now().plusSeconds(259_200).truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                .toString();
        Run changed = sites("settings", slug, "--retain", "3", "--expires", expiry, "--name", "Kept three", "--json");
        assertThat(changed.json().get("retainVersions").asInt()).as(changed.err()).isEqualTo(3);
        JsonNode website = http().get("/v1/websites/" + id, ALICE).json();
        assertThat(List.of(website.get("retainVersions").asInt(), website.get("expiresAt").asString(),
                website.get("name").asString())).containsExactly(3, expiry, "Kept three");
        assertThat(sites("settings", slug, "--retain", "all", "--expires", "never").out())
                .contains("keeps every version", "never expires");
        Run refused = sites("settings", slug, "--retain", "0", "--json");
        assertThat(refused.exit()).as("refused by the service").isEqualTo(1);
        assertThat(refused.json().at("/error/fields/retainVersions").isString()).isTrue();
        assertThat(sites("settings", slug, "--retain", "some").exit()).as("usage").isEqualTo(2);
    }

    @Test
    void aFirstPublishKeepsItsMessageAsVersionOnesInstruction() throws Exception {
        Path dir = folder("first-message");
        String slug = Bundles.unique("climsg");
        Run first = sites("publish", dir.toString(), "--site", slug, "-m", "Opening day", "--json");
        assertThat(first.exit()).as(first.err() + first.out()).isZero();
        String id = first.json().get("websiteId").asString();

        JsonNode version = http().get("/v1/websites/" + id, ALICE).json().get("versions").get(0);
        assertThat(version.get("version").asInt()).isEqualTo(1);
        assertThat(version.path("instruction").asString("")).isEqualTo("Opening day");
        JsonNode listed = sites("versions", slug, "--json").json().get("versions").get(0);
        assertThat(listed.path("instruction").asString("")).isEqualTo("Opening day");
        assertThat(sites("versions", slug).out()).contains("Opening day");
        assertThat(sites("history", slug).out()).contains("Opening day");

        // createWebsite's message has createWebsiteVersion's limit, named in the envelope.
        Map<String, Object> tooLong = Bundles.site(null, "Long", Bundles.file("index.html", "<p>x</p>"));
        tooLong.put("message", "m".repeat(2001));
        Http.Response refused = http().post("/v1/websites", ALICE, tooLong);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().at("/error/fields/message").asString()).contains("2000");
    }

    @Test
    void aVersionStoredWithoutPromotionIsPrintedWithItsPreviewAddressNotTheLiveOne() throws Exception {
        Path dir = folder("stored");
        String slug = Bundles.unique("clipre");
        String live = sites("publish", dir.toString(), "--site", slug, "--json").json().get("pageUrl").asString();
        Files.writeString(dir.resolve("style.css"), "h1 { color: olive }");

        Run stored = sites("publish", dir.toString(), "--site", slug, "--no-promote");
        assertThat(stored.exit()).as(stored.err()).isZero();
        String preview = "http://v2--" + slug + ".localhost";
        assertThat(stored.out()).contains("Stored version 2 (not live)").contains("preview: " + preview)
                .doesNotContain(live);
        Run json = sites("publish", dir.toString(), "--site", slug, "--no-promote", "-m", "again", "--json");
        assertThat(json.json().get("isCurrent").asBoolean()).isFalse();
        assertThat(json.json().get("previewUrl").asString()).startsWith("http://v3--" + slug + ".localhost");
        assertThat(json.json().get("pageUrl").asString()).as("the spec's field, unchanged").isEqualTo(live);
    }

    @Test
    void whoamiAndLoginSayWhichAccountAndWhere() {
        Run whoami = sites("whoami");
        assertThat(whoami.exit()).as(whoami.err()).isZero();
        assertThat(whoami.out()).contains("alice").contains(api());
        JsonNode me = sites("whoami", "--json").json();
        assertThat(me.get("name").asString()).isEqualTo("alice");
        assertThat(me.get("accountId").asString()).isEqualTo(http().get("/v1/me", ALICE).json().get("accountId")
                .asString());
        assertThat(me.get("origin").asString()).isEqualTo(api());
        assertThat(sites(env(), "--api", api(), "--token", BOB, "whoami", "--json").json().get("name").asString())
                .isEqualTo("bob");
        assertThat(http().get("/v1/me", null).status()).isEqualTo(401);
        // Token-scoped: nothing in the request names another account.
        String bob = http().get("/v1/me", BOB).json().get("accountId").asString();
        assertThat(http().get("/v1/me?accountId=" + bob + "&name=bob", ALICE).json().get("name").asString())
                .isEqualTo("alice");

        assertThat(sites(env(), "--api", api(), "whoami").exit()).as("not logged in").isEqualTo(3);
        Run login = sites(env(), "login", "--token", ALICE, "--api", api());
        assertThat(login.exit()).as(login.err()).isZero();
        assertThat(login.out()).contains("Logged in to " + api() + " as alice");
        Run stored = sites(env(), "whoami");
        assertThat(stored.exit()).as(stored.err()).isZero();
        assertThat(stored.out()).contains("alice").contains("stored login");
    }

    @Test
    void plainOutputHasNoColourAndCountsInTheRightNumber() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("one"));
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>One</title><p>one");
        String slug = Bundles.unique("clione");
        Run one = sites("publish", dir.toString(), "--site", slug);
        assertThat(one.exit()).as(one.err()).isZero();
        assertThat(one.err()).contains("Publishing 1 file (");
        assertThat(one.out()).contains("Sent 1 of 1 file (").doesNotContain("\u001b[");
        Run list = sites("list");
        assertThat(list.out()).startsWith("SLUG").contains(slug).containsPattern("just now|seconds? ago|minutes? ago")
                .doesNotContain("\u001b[");
        // The exact time is there for who asks: -l, and --json as the service wrote it.
        assertThat(sites("list", "-l").out()).contains("UPDATED AT").containsPattern("\\d{4}-\\d\\d-\\d\\dT");
        assertThat(sites("versions", slug).out()).startsWith("VERSION").contains("* 1")
                .containsPattern("just now|seconds? ago|minutes? ago");
        assertThat(sites("versions", slug, "-l").out()).contains("http://v1--" + slug + ".localhost");
    }

    @Test
    void aDryRunChecksAndPublishesNothing() throws Exception {
        Path dir = folder("dry");
        String slug = Bundles.unique("clidry");
        Run dry = sites("publish", dir.toString(), "--site", slug, "--dry-run", "--json");
        assertThat(dry.exit()).as(dry.err()).isZero();
        assertThat(dry.json().get("valid").asBoolean()).isTrue();
        assertThat(dry.json().get("files").asInt()).isEqualTo(3);
        assertThat(sites("list").out()).doesNotContain(slug);
    }

    @Test
    void loginStoresTheTokenReadableByTheUserOnlyAndTheEnvironmentOverridesIt() throws Exception {
        Run login = sites(env(), "login", "--token", ALICE, "--api", api());
        assertThat(login.exit()).as(login.err()).isZero();
        Path file = temp.resolve("config/sites/config.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");

        assertThat(sites(env(), "list").exit()).isZero();
        Map<String, String> badToken = new HashMap<>(env());
        badToken.put("SITES_TOKEN", "sites_pat_" + "x".repeat(43));
        assertThat(sites(badToken, "list").exit()).isEqualTo(3);
        assertThat(sites(badToken, "list", "--token", ALICE).exit()).isZero();

        assertThat(sites(env(), "logout").exit()).isZero();
        assertThat(file).doesNotExist();
        assertThat(sites(env(), "list").exit()).isEqualTo(3);
    }

    @Test
    void aTokenFromStandardInputStaysOffTheCommandLine() {
        Run piped = piped(env(), ALICE + "\n", "--api", api(), "--token", "-", "list", "--json");
        assertThat(piped.exit()).as(piped.err() + piped.out()).isZero();
        Run empty = piped(env(), "", "--api", api(), "--token", "-", "list");
        assertThat(empty.exit()).isEqualTo(2);
        assertThat(empty.err()).contains("--token -");
        assertThat(piped(env(), ALICE + " " + BOB, "--api", api(), "--token", "-", "list").exit()).isEqualTo(2);

        Run login = piped(env(), ALICE, "login", "--token", "-", "--api", api());
        assertThat(login.exit()).as(login.err()).isZero();
        assertThat(sites(env(), "list").exit()).isZero();
    }

    @Test
    void aConfigOfTheOlderSingleLoginFormatStillWorksAtTheAddressItNamesOnly() throws Exception {
        Path file = temp.resolve("config/sites/config.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"api\": \"" + api() + "\", \"token\": \"" + ALICE + "\"}");
        Run list = sites(env(), "list", "--json");
        assertThat(list.exit()).as(list.err()).isZero();
        assertThat(sites(env(), "--api", api() + "/", "list").exit()).as("the same origin").isZero();
        // The same service under another name is another origin: the stored token does not go there.
        Run elsewhere = sites(env(), "--api", "http://localhost:" + http().port(), "list");
        assertThat(elsewhere.exit()).isEqualTo(3);
        assertThat(elsewhere.err()).contains("Not logged in to http://localhost:" + http().port());
    }

    @Test
    void exitCodesTellRefusedBundleUsageAuthAndNetworkApart() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("bad"));
        Files.writeString(dir.resolve("index.html"), "<!doctype html><title>x</title>\n"
                + "<script src=\"https://cdn.example.com/x.js\"></script>");
        Run refused = sites("publish", dir.toString());
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("index.html: EXTERNAL_URL");
        Run refusedJson = sites("publish", dir.toString(), "--json");
        assertThat(refusedJson.exit()).isEqualTo(1);
        assertThat(refusedJson.json().get("error").get("code").asString()).isEqualTo("PUBLISH_INVALID");
        assertThat(refusedJson.json().get("exitCode").asInt()).isEqualTo(1);

        assertThat(sites("publish").exit()).isEqualTo(2);
        assertThat(sites("frobnicate").exit()).isEqualTo(2);
        assertThat(sites("publish", temp.resolve("missing").toString()).exit()).isEqualTo(2);
        // Under --json a usage error is one JSON object in the same shape as every other failure, on stdout.
        for (String[] wrong : List.of(new String[] {"list", "--frobnicate", "--json"},
                new String[] {"--json", "promote", "some-site"})) {
            Run usage = sites(wrong);
            assertThat(usage.exit()).as(String.join(" ", wrong)).isEqualTo(2);
            assertThat(usage.json().get("exitCode").asInt()).isEqualTo(2);
            assertThat(usage.json().at("/error/message").asString()).isNotBlank();
            assertThat(usage.err()).isEmpty();
        }
        assertThat(sites("list", "--frobnicate").err()).contains("Unknown option").contains("Usage:");

        assertThat(sites(env(), "--api", api(), "--token", "sites_pat_" + "y".repeat(43), "list").exit()).isEqualTo(3);
        assertThat(sites(env(), "--api", api(), "list").exit()).as("no token at all").isEqualTo(3);

        int closed = freePort();
        Run unreachable = sites(env(), "--api", "http://127.0.0.1:" + closed, "--token", ALICE, "list");
        assertThat(unreachable.exit()).isEqualTo(4);
        assertThat(unreachable.err()).contains("Could not reach the API");
    }
}
