package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every package of every module says what it is for in a package-info.java, as docs/ARCHITECTURE.md promises. */
class PackageInfoTest {

    @Test
    void everyMainPackageHasItsPackageInfo() throws IOException {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        List<Path> missing;
        try (Stream<Path> files = Files.walk(repository)) {
            missing = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> file.toString().contains("/src/main/java/"))
                    .filter(file -> !file.toString().contains("/node_modules/") && !file.toString().contains("/target/"))
                    .map(Path::getParent).distinct()
                    .filter(directory -> !Files.exists(directory.resolve("package-info.java")))
                    .map(repository::relativize).sorted().toList();
        }
        assertThat(missing).as("packages without a package-info.java").isEmpty();
    }
}
