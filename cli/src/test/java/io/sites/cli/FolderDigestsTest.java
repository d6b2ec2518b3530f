package io.sites.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A republish reads only the files that changed: a file whose size, modification time and inode are as the last run
 * recorded them is taken from the record, unless it was modified within two seconds of the record's writing.
 */
class FolderDigestsTest {
    private static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @TempDir
    Path folder;

    @TempDir
    Path cache;

    private final Instant anHourAgo = Instant.now().minus(Duration.ofHours(1));

    private Map<String, String> env() {
        return Map.of("XDG_CACHE_HOME", cache.toString(), "HOME", cache.toString());
    }

    private List<Folder.LocalFile> publishRead() {
        FolderDigests digests = FolderDigests.of(env(), folder);
        List<Folder.LocalFile> files = Folder.read(folder, digests);
        digests.save();
        return files;
    }

    private void write(String path, String content, Instant modified) throws Exception {
        Path file = folder.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.from(modified));
    }

    @Test
    void anUnchangedFileIsTakenFromTheRecordWithoutBeingRead() throws Exception {
        write("index.html", "abc", anHourAgo);
        assertThat(publishRead().getFirst().sha256()).isEqualTo(ABC);

        // Changed behind the record's back (same size, its old time put back): only a run that did not read the
        // file can still answer the old digest.
        write("index.html", "abd", anHourAgo);
        assertThat(publishRead().getFirst().sha256()).as("from the record").isEqualTo(ABC);
        assertThat(Folder.read(folder).getFirst().sha256()).as("read").isNotEqualTo(ABC);
    }

    @Test
    void aFileWhoseSizeOrTimeChangedIsReadAgain() throws Exception {
        write("index.html", "abc", anHourAgo);
        write("style.css", "abc", anHourAgo);
        publishRead();

        write("index.html", "abcd", anHourAgo);
        write("style.css", "abd", anHourAgo.plusSeconds(1));
        List<Folder.LocalFile> files = publishRead();
        assertThat(files).extracting(Folder.LocalFile::sha256).doesNotContain(ABC);
        assertThat(files.getFirst().size()).isEqualTo(4);
    }

    @Test
    void aFileModifiedWithinTwoSecondsOfTheRecordIsReadAgain() throws Exception {
        Instant now = Instant.now();
        write("index.html", "abc", now);
        publishRead();

        // Changed again in the same tick of the file system's clock: the record cannot tell, so it is not trusted.
        write("index.html", "abd", now);
        assertThat(publishRead().getFirst().sha256()).isNotEqualTo(ABC);
    }

    @Test
    void theRecordIsTheUsersAloneHoldsOnlyWhatIsThereAndAnUnreadableOneIsIgnored() throws Exception {
        write("index.html", "abc", anHourAgo);
        write("old.html", "old", anHourAgo);
        publishRead();
        Path record;
        try (var files = Files.walk(cache)) {
            record = files.filter(Files::isRegularFile).findFirst().orElseThrow();
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(record))).isEqualTo("rw-------");

        Files.delete(folder.resolve("old.html"));
        publishRead();
        write("old.html", "new", anHourAgo);
        String oldNow = publishRead().stream().filter(file -> file.path().equals("old.html")).findFirst()
                .orElseThrow().sha256();
        assertThat(oldNow).as("gone from the record with the file (its inode may come back), read when it came back")
                .isEqualTo(Folder.read(folder).stream().filter(file -> file.path().equals("old.html")).findFirst()
                        .orElseThrow().sha256());

        Files.write(record, "not a record".getBytes(StandardCharsets.UTF_8));
        write("index.html", "abd", anHourAgo);
        assertThat(publishRead().getFirst().sha256()).as("an unreadable record: every file read")
                .isNotEqualTo(ABC);
    }
}
