package io.sites.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.net.URI;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The stored logins: {@code $XDG_CONFIG_HOME/sites/config.json} (else {@code ~/.config/sites/config.json}), one login
 * per origin (the API address, the token, and after a browser sign-in the OAuth refresh token and where to use it),
 * and the address of the latest login, used when neither --api nor SITES_API names one. A login is only ever used at
 * its own origin ({@link Origin}). The tokens are passwords, so the directory is 700 and the file 600 from the
 * moment it exists (created with those permissions, never widened later); on a file system without POSIX
 * permissions the user's profile directory is what protects it. A file written before logins were kept per origin
 * ({@code {"api", "token", "oauth"}}) is read as the one login of the origin of its {@code api}.
 */
final class Config {
    // One mapper for the whole run: building one costs more than most commands' own work.
    private static final JsonMapper JSON = Api.JSON;

    /** One login; any part may be null when nothing was stored; {@code oauth} only after a browser login. */
    record Stored(String api, String token, OAuth oauth) {
        Stored(String api, String token) {
            this(api, token, null);
        }
    }

    /** An OAuth login's renewal: the client it was issued to, the rotating refresh token, the endpoints. */
    record OAuth(String clientId, String refreshToken, java.time.Instant expiresAt, String tokenEndpoint,
            String revocationEndpoint) {
    }

    /** The whole file: the latest login's address and each origin's login, by {@link Origin#toString()}. */
    record Logins(String api, java.util.SortedMap<String, Stored> byOrigin) {
    }

    private final Path file;

    Config(Path file) {
        this.file = file;
    }

    static Config of(Map<String, String> env) {
        return new Config(UserDirectories.base(env, "XDG_CONFIG_HOME", ".config").resolve("sites")
                .resolve("config.json"));
    }

    Path file() {
        return file;
    }

    /** The login made for this origin; an empty one when there is none. */
    Stored login(Origin origin) {
        Stored login = read().byOrigin().get(origin.toString());
        return login != null ? login : new Stored(null, null);
    }

    Logins read() {
        java.util.SortedMap<String, Stored> byOrigin = new java.util.TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return new Logins(null, byOrigin);
        }
        JsonNode json = JSON.readTree(file.toFile());
        if (json.path("logins").isObject()) {
            for (Map.Entry<String, JsonNode> login : json.get("logins").properties()) {
                byOrigin.put(login.getKey(), stored(login.getValue()));
            }
        } else if (text(json, "token") != null) {
            // the single login of an older version: it belongs to the address it was made for
            Stored legacy = stored(json);
            String api = legacy.api() != null ? legacy.api() : Sites.DEFAULT_API;
            originOf(api).ifPresent(origin -> byOrigin.put(origin, new Stored(api, legacy.token(), legacy.oauth())));
        }
        return new Logins(text(json, "api"), byOrigin);
    }

    /** Stores a login as its origin's, replacing the one there; {@code latest} makes its address the default. */
    void store(Stored login, boolean latest) {
        Logins logins = readOrNothing();
        logins.byOrigin().put(Origin.of(URI.create(login.api())).toString(), login);
        write(new Logins(latest ? login.api() : logins.api(), logins.byOrigin()));
    }

    /** Forgets the origin's login; the file goes when no login is left. */
    void forget(Origin origin) {
        Logins logins = readOrNothing();
        Stored gone = logins.byOrigin().remove(origin.toString());
        if (logins.byOrigin().isEmpty()) {
            delete();
            return;
        }
        boolean wasLatest = gone != null && logins.api() != null && originOf(logins.api())
                .filter(origin.toString()::equals).isPresent();
        write(new Logins(wasLatest ? null : logins.api(), logins.byOrigin()));
    }

    // An unreadable file is overwritten by the next login, as it always was.
    private Logins readOrNothing() {
        try {
            return read();
        } catch (RuntimeException unreadable) {
            return new Logins(null, new java.util.TreeMap<>());
        }
    }

    private static java.util.Optional<String> originOf(String api) {
        try {
            URI uri = new URI(api);
            return uri.getScheme() == null || uri.getHost() == null ? java.util.Optional.empty()
                    : java.util.Optional.of(Origin.of(uri).toString());
        } catch (java.net.URISyntaxException notAnAddress) {
            return java.util.Optional.empty();
        }
    }

    private static Stored stored(JsonNode json) {
        JsonNode oauth = json.path("oauth");
        return new Stored(text(json, "api"), text(json, "token"), !oauth.isObject() ? null : new OAuth(
                text(oauth, "clientId"), text(oauth, "refreshToken"), oauth.has("expiresAt")
                ? java.time.Instant.parse(oauth.get("expiresAt").asString()) : null,
                text(oauth, "tokenEndpoint"), text(oauth, "revocationEndpoint")));
    }

    private static ObjectNode json(Stored stored) {
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
        return json;
    }

    private void write(Logins logins) {
        ObjectNode json = JSON.createObjectNode();
        json.put("api", logins.api());
        ObjectNode byOrigin = json.putObject("logins");
        logins.byOrigin().forEach((origin, login) -> byOrigin.set(origin, json(login)));
        try {
            Path dir = file.getParent();
            boolean posix = directory();
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
        try {
            directory();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not create " + file.getParent() + ": " + e.getMessage(), e);
        }
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(lock,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
                java.nio.channels.FileLock held = channel.lock()) {
            return work.get();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not lock " + lock + ": " + e.getMessage(), e);
        }
    }

    private void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** After the last login is forgotten, and outside {@link #locked}: the lock file goes too. */
    void tidy() {
        try {
            if (!Files.exists(file)) {
                Files.deleteIfExists(file.resolveSibling("config.json.lock"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file's directory, made private when it is new; whether the file system has POSIX permissions. */
    private boolean directory() throws IOException {
        return UserDirectories.createPrivate(file.getParent());
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
