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
 * the API address and the token. The token is a password, so the directory is 700 and the file 600 from the moment
 * it exists (created with those permissions, never widened later); on a file system without POSIX permissions the
 * user's profile directory is what protects it.
 */
final class Config {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** What a login stored; either may be null when nothing was stored. */
    record Stored(String api, String token) {
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
        return new Stored(text(json, "api"), text(json, "token"));
    }

    void write(Stored stored) {
        ObjectNode json = JSON.createObjectNode();
        json.put("api", stored.api());
        json.put("token", stored.token());
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

    void delete() {
        try {
            Files.deleteIfExists(file);
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
