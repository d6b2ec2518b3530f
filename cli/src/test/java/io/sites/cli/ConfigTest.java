package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stored logins: one per origin, and a file written before that read as the login of the address it names. */
class ConfigTest {
    @TempDir
    Path home;

    private Config config() {
        return Config.of(Map.of("XDG_CONFIG_HOME", home.toString()));
    }

    private static Origin origin(String address) {
        return Origin.of(URI.create(address));
    }

    @Test
    void aFileOfTheOlderSingleLoginFormatBelongsToTheAddressItStored() throws Exception {
        Path file = home.resolve("sites/config.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                {"api": "https://sites.example.com/api/", "token": "old-access",
                 "oauth": {"clientId": "sites-cli", "refreshToken": "old-refresh",
                           "expiresAt": "2030-01-01T00:00:00Z",
                           "tokenEndpoint": "https://sites.example.com/oauth2/token",
                           "revocationEndpoint": "https://sites.example.com/oauth2/revoke"}}
                """);
        Config config = config();
        Config.Stored login = config.login(origin("https://sites.example.com"));
        assertThat(login.token()).isEqualTo("old-access");
        assertThat(login.api()).isEqualTo("https://sites.example.com/api/");
        assertThat(login.oauth().refreshToken()).isEqualTo("old-refresh");
        assertThat(config.read().api()).isEqualTo("https://sites.example.com/api/");
        assertThat(config.login(origin("https://other.example.com")).token()).isNull();
        assertThat(config.login(origin("http://sites.example.com")).token()).isNull();

        // The next write keeps it, in the per-origin form.
        config.store(new Config.Stored("http://localhost:8080", "local"), false);
        assertThat(config.login(origin("https://sites.example.com")).oauth().refreshToken()).isEqualTo("old-refresh");
        assertThat(config.login(origin("http://localhost:8080")).token()).isEqualTo("local");
        assertThat(config.read().api()).isEqualTo("https://sites.example.com/api/");
        assertThat(Files.readString(file)).contains("\"logins\"");
    }

    @Test
    void anOlderFileWithoutAddressBelongsToTheDefaultAddressOnly() throws Exception {
        Path file = home.resolve("sites/config.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"token\": \"t\"}");
        assertThat(config().login(origin(Sites.DEFAULT_API)).token()).isEqualTo("t");
        assertThat(config().login(origin("http://127.0.0.1:8080")).token()).isNull();
    }

    @Test
    void eachOriginKeepsItsOwnLoginAndTheLastForgottenTakesTheFileWithIt() throws Exception {
        Config config = config();
        config.store(new Config.Stored("https://a.example", "token-a"), true);
        config.store(new Config.Stored("https://b.example/sites/", "token-b"), true);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config.file())))
                .isEqualTo("rw-------");
        assertThat(config.read().api()).isEqualTo("https://b.example/sites/");
        assertThat(config.login(origin("https://a.example")).token()).isEqualTo("token-a");
        assertThat(config.login(origin("https://b.example")).token()).isEqualTo("token-b");

        config.forget(origin("https://b.example"));
        assertThat(config.read().api()).as("the forgotten login was the latest").isNull();
        assertThat(config.login(origin("https://a.example")).token()).isEqualTo("token-a");
        config.forget(origin("https://a.example"));
        assertThat(config.file()).doesNotExist();
    }

    @Test
    void aStoredLoginIsNotSentToAnotherOriginAndTheMessageSaysWhy() throws Exception {
        config().store(new Config.Stored("https://a.example", "token-a"), true);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // No token for this origin: the command stops before any request (nothing listens on port 9 anyway).
        int exit = Sites.run(Map.of("XDG_CONFIG_HOME", home.toString()), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8), "--api", "http://127.0.0.1:9", "list");
        assertThat(exit).isEqualTo(3);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Not logged in to http://127.0.0.1:9",
                "sites login --api http://127.0.0.1:9", "https://a.example");
    }
}
