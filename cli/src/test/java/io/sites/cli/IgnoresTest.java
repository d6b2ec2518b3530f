package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a folder publishes: .sitesignore's globs as .gitignore reads them, the defaults, and text versus binary. */
class IgnoresTest {
    @TempDir
    Path folder;

    private void write(String path, String text) throws Exception {
        Path file = folder.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    @Test
    void sitesignoreLeavesOutWhatItNamesAndTakesBackWhatItNegates() throws Exception {
        write("index.html", "<h1>x</h1>");
        write("a/b/notes.md", "n");
        write("keep.md", "k");
        write("build/out.js", "o");
        write("src/build/in.js", "i");
        write("src/app.tmp", "t");
        write(".git/HEAD", "ref");
        write(".well-known/security.txt", "s");
        write(".sitesignore", "# comment\n*.md\n!keep.md\n/build/\nsrc/*.tmp\n");

        List<String> paths = Folder.read(folder).stream().map(Folder.LocalFile::path).toList();

        assertThat(paths).containsExactly(".well-known/security.txt", "index.html", "keep.md", "src/build/in.js");
    }

    @Test
    void textIsValidUtf8WithoutNul() {
        assertThat(Folder.text("héllo ✓".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(Folder.text(new byte[0])).isTrue();
        assertThat(Folder.text(new byte[] {'a', 0, 'b'})).isFalse();
        assertThat(Folder.text(new byte[] {(byte) 0x89, 'P', 'N', 'G'})).isFalse();
    }

    @Test
    void digestsAreTheFilesSha256() throws Exception {
        write("index.html", "abc");
        assertThat(Folder.read(folder).getFirst().sha256())
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
