package io.sites.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Where the command line keeps its files for the user: the XDG base directories the environment names, else their
 * usual place under the home directory; the directories it creates there are the user's alone.
 */
final class UserDirectories {
    private UserDirectories() {
    }

    /** {@code $variable}, else {@code ~/fallback} (for example XDG_CONFIG_HOME, else ~/.config). */
    static Path base(Map<String, String> env, String variable, String fallback) {
        String named = env.get(variable);
        return named != null && !named.isBlank() ? Path.of(named)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), fallback);
    }

    /** Creates {@code dir} and its missing parents; whether the file system has POSIX permissions. */
    static boolean createPrivate(Path dir) throws IOException {
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (posix) {
            createPrivateDirectories(dir);
        } else {
            Files.createDirectories(dir);
        }
        return posix;
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
}
