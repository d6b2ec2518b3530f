package io.sites.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The stored login: {@code $XDG_CONFIG_HOME/sites/config.json} (else {@code ~/.config/sites/config.json}) holding
 * the API address and the token, and after a browser sign-in the OAuth refresh token and where to use it. The token is a password, so the directory is 700 and the file 600 from the moment
 * it exists (created with those permissions, never widened later); on a file system without POSIX permissions the
 * user's profile directory is what protects it.
 */
final class Config {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** What a login stored; any part may be null when nothing was stored; {@code oauth} only after a browser login. */
    record Stored(String api, String token, OAuth oauth) {
        Stored(String api, String token) {
            this(api, token, null);
        }
    }

    /** An OAuth login's renewal: the client it was issued to, the rotating refresh token, the endpoints. */
    record OAuth(String clientId, String refreshToken, java.time.Instant expiresAt, String tokenEndpoint,
            String revocationEndpoint) {
    }

    private final Path file;

    Config(Path file) {
        this.file = file;
    }

    static Config of(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".config");
        return new Config(base.resolve("sites").resolve("config.json"));
    }

    Path file() {
        return file;
    }

    Stored read() {
        if (!Files.isRegularFile(file)) {
            return new Stored(null, null);
        }
        JsonNode json = JSON.readTree(file.toFile());
        JsonNode oauth = json.path("oauth");
        return new Stored(text(json, "api"), text(json, "token"), !oauth.isObject() ? null : new OAuth(
                text(oauth, "clientId"), text(oauth, "refreshToken"), oauth.has("expiresAt")
                ? java.time.Instant.parse(oauth.get("expiresAt").asString()) : null,
                text(oauth, "tokenEndpoint"), text(oauth, "revocationEndpoint")));
    }

    void write(Stored stored) {
        ObjectNode json = JSON.createObjectNode();
        json.put("api", stored.api());
        json.put("token", stored.token());
        if (stored.oauth() != null) {
            ObjectNode oauth = json.putObject("oauth");
            oauth.put("clientId", stored.oauth().clientId());
            oauth.put("refreshToken", stored.oauth().refreshToken());
            if (stored.oauth().expiresAt() != null) {
                oauth.put("expiresAt", stored.oauth().expiresAt().toString());
            }
            oauth.put("tokenEndpoint", stored.oauth().tokenEndpoint());
            oauth.put("revocationEndpoint", stored.oauth().revocationEndpoint());
        }
        try {
            Path dir = file.getParent();
            boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
            if (posix) {
                createPrivateDirectories(dir);
            } else {
                Files.createDirectories(dir);
            }
            Path temporary = dir.resolve("config.json.tmp");
            Files.deleteIfExists(temporary);
            if (posix) {
                Files.createFile(temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
            Files.write(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(json));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code work} holding an exclusive lock on {@code config.json.lock} beside the file: two commands renewing
     * one login at once would present the same refresh token twice, which the service takes for a stolen token and
     * answers by revoking the login.
     */
    <T> T locked(java.util.function.Supplier<T> work) {
        Path lock = file.resolveSibling("config.json.lock");
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(lock,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
                java.nio.channels.FileLock held = channel.lock()) {
            return work.get();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not lock " + lock + ": " + e.getMessage(), e);
        }
    }

    void delete() {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.resolveSibling("config.json.lock"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // Only the directories this creates get 700: an existing ~/.config keeps what its owner chose.
    private static void createPrivateDirectories(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        createPrivateDirectories(dir.getParent());
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException raced) {
            // another process made it in between: fine
        }
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
