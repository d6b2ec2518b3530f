package io.sites.app;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The class-data archive that the service JVMs of the test run map instead of loading and verifying their few
 * thousand classes again: a third of a Spring Boot start's CPU, and the suite starts service JVMs hundreds of times
 * on two cores. The first service stopped gracefully while there is no archive writes it as it exits; every later
 * start, in either test JVM and in later runs, maps it. The JVM archives classes from jars only, so this build's
 * classes go into a jar first. The archive is only valid for the exact JVM and jars it was made from (the JVM checks
 * their sizes and times and otherwise ignores it), so both files are named after a digest of the JVM, this build's
 * classes and every other classpath entry's size and time: a change makes new ones, never a stale match. Classes
 * and behaviour are the same with or without the archive; only the loading is cheaper.
 */
final class ClassDataArchive {
    private static final Path DIRECTORY = Path.of("target", "service-class-data").toAbsolutePath();
    private static final AtomicBoolean WRITING = new AtomicBoolean();
    private static Path jar;
    private static Path archive;
    /**
     * Whether every other entry is a jar: the JVM refuses to dump an archive with a directory of classes on the path
     * ("Cannot have non-empty directory in paths") and exits 1, which is the case when the upstream modules come as
     * their target/classes (`-pl app -am test`); then the service runs without an archive, as before.
     */
    private static boolean archivable;

    private ClassDataArchive() {
    }

    /** The classpath with this build's classes directory replaced by their jar (made once for these classes). */
    static synchronized String classpath(List<String> entries, String classesDirectory) {
        if (jar == null) {
            try {
                archivable = entries.stream().filter(entry -> !entry.equals(classesDirectory))
                        .noneMatch(entry -> Files.isDirectory(Path.of(entry)));
                String key = digest(entries, Path.of(classesDirectory));
                Files.createDirectories(DIRECTORY);
                jar = DIRECTORY.resolve(key + ".jar");
                archive = DIRECTORY.resolve(key + ".jsa");
                if (!Files.exists(jar)) {
                    forgetOtherBuilds(key);
                    Path pending = DIRECTORY.resolve(key + "-" + ProcessHandle.current().pid() + ".jar.part");
                    write(Path.of(classesDirectory), pending);
                    // The other test JVM may have put the same jar in place meanwhile: an archive may already rely
                    // on that file's time, so it stays.
                    if (!Files.exists(jar)) {
                        Files.move(pending, jar, StandardCopyOption.ATOMIC_MOVE);
                    }
                    Files.deleteIfExists(pending);
                }
            } catch (IOException e) {
                throw new IllegalStateException("could not jar " + classesDirectory, e);
            }
        }
        return String.join(File.pathSeparator, entries.stream()
                .map(entry -> entry.equals(classesDirectory) ? jar.toString() : entry).toList());
    }

    /** The JVM options that map the archive if there is one, with the JVM's own messages about it left out. */
    static List<String> options() {
        List<String> options = new ArrayList<>(List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
        if (archivable && archive != null && Files.exists(archive)) {
            options.add("-XX:SharedArchiveFile=" + archive);
        }
        return options;
    }

    /**
     * Adds to a service's command the option that writes the archive at its exit, if there is none and no other
     * start of this test JVM writes one; the file to hand to {@link #written}, or null.
     */
    static Path writing(List<String> command) {
        if (!archivable || archive == null || Files.exists(archive) || !WRITING.compareAndSet(false, true)) {
            return null;
        }
        Path pending = DIRECTORY.resolve(archive.getFileName() + "-" + ProcessHandle.current().pid() + ".part");
        command.add(1, "-XX:ArchiveClassesAtExit=" + pending);
        return pending;
    }

    /**
     * A writing process ended: its archive takes its place only if the service ran until a SIGTERM stopped it (143):
     * a kill -9 writes nothing or half a file, and a start that failed loaded too few classes to be worth mapping.
     * The next start writes one if there is still none.
     */
    static void written(Path pending, int exitValue) {
        try {
            if (exitValue == 143 && Files.size(pending) > 0) {
                Files.move(pending, archive, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException none) {
            // nothing written: a later start tries again
        } finally {
            try {
                Files.deleteIfExists(pending);
            } catch (IOException ignored) {
                // a stray file in target/
            }
            WRITING.set(false);
        }
    }

    private static void write(Path classes, Path target) throws IOException {
        try (OutputStream file = Files.newOutputStream(target); JarOutputStream out = new JarOutputStream(file);
                Stream<Path> entries = Files.walk(classes)) {
            // Directory entries too: Spring's classpath scanning lists packages through them.
            for (Path entry : entries.sorted().toList()) {
                String name = classes.relativize(entry).toString().replace('\\', '/');
                if (name.isEmpty()) {
                    continue;
                }
                boolean isDirectory = Files.isDirectory(entry);
                out.putNextEntry(new JarEntry(isDirectory ? name + "/" : name));
                if (!isDirectory) {
                    Files.copy(entry, out);
                }
                out.closeEntry();
            }
        }
    }

    /** What the archive's validity depends on: the JVM, this build's classes, every other entry's size and time. */
    private static String digest(List<String> entries, Path classes) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((System.getProperty("java.home") + System.getProperty("java.vm.version"))
                    .getBytes(StandardCharsets.UTF_8));
            for (String entry : entries) {
                Path path = Path.of(entry);
                digest.update(entry.getBytes(StandardCharsets.UTF_8));
                if (path.equals(classes)) {
                    try (Stream<Path> files = Files.walk(classes)) {
                        for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                            digest.update(classes.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                            digest.update(Files.readAllBytes(file));
                        }
                    }
                } else if (Files.exists(path)) {
                    digest.update((Files.size(path) + "@" + Files.getLastModifiedTime(path))
                            .getBytes(StandardCharsets.UTF_8));
                }
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Another build's jar and archive (100 MB) are of no more use: removed, so that builds do not pile them up. */
    private static void forgetOtherBuilds(String key) throws IOException {
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().startsWith(key)) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }
}
