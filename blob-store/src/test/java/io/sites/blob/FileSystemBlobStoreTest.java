package io.sites.blob;

import io.sites.api.blob.BlobRef;
import io.sites.api.blob.BlobStore;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FileSystemBlobStoreTest extends BlobStoreContract {

    @TempDir
    Path root;
    private FileSystemBlobStore store;

    @BeforeEach
    void createStore() throws Exception {
        store = new FileSystemBlobStore(root.resolve("blobs"));
    }

    @Override
    protected BlobStore store() {
        return store;
    }

    @Override
    protected Object writeFingerprint(String sha256) throws Exception {
        Path path = store.pathOf(sha256);
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        // A rewrite renames a new file into place: a new inode, and a fresh mtime.
        return List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime());
    }

    @Test
    void blobsFanOutByTheirFirstTwoByteHexPairs() throws Exception {
        store.write("hello".getBytes(StandardCharsets.UTF_8));

        Path expected = root.resolve("blobs/2c/f2").resolve(HELLO_SHA);
        assertThat(expected).isRegularFile().hasContent("hello");
        assertThat(store.pathOf(HELLO_SHA)).isEqualTo(expected.toAbsolutePath());
    }

    @Test
    void noTempFilesAreLeftBehind() throws Exception {
        store.write(randomBytes(10_000, 7));
        store.write(new ByteArrayInputStream(randomBytes(10_000, 8)));
        store.write(randomBytes(10_000, 7));
        store.write(new ByteArrayInputStream(randomBytes(10_000, 8)));

        try (Stream<Path> temps = Files.list(root.resolve("blobs/.tmp"))) {
            assertThat(temps).isEmpty();
        }
    }

    @Test
    void aFailingSourceLeavesNoBlobAndNoTempFile() throws Exception {
        InputStream failing = new InputStream() {
            private int served;

            @Override
            public int read() throws IOException {
                if (served++ > 1000) {
                    throw new IOException("connection reset");
                }
                return 'x';
            }
        };

        assertThatThrownBy(() -> store.write(failing))
                .hasMessageContaining("connection reset");

        try (Stream<Path> files = Files.walk(root.resolve("blobs"))) {
            assertThat(files.filter(Files::isRegularFile)).isEmpty();
        }
    }

    @Test
    void staleTempFilesFromACrashAreRemovedAtStart() throws Exception {
        Path tmp = root.resolve("blobs/.tmp");
        Path stale = Files.writeString(tmp.resolve("blob-1.part"), "half a blob");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
        Path fresh = Files.writeString(tmp.resolve("blob-2.part"), "another process is writing");

        new FileSystemBlobStore(root.resolve("blobs"));

        assertThat(stale).doesNotExist();
        assertThat(fresh).exists();
    }

    @Test
    void anExistingBlobIsNotRewritten() throws Exception {
        BlobRef ref = store.write("keep".getBytes(StandardCharsets.UTF_8));
        Path path = store.pathOf(ref.sha256());
        FileTime old = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Files.setLastModifiedTime(path, old);

        store.write("keep".getBytes(StandardCharsets.UTF_8));
        store.write(new ByteArrayInputStream("keep".getBytes(StandardCharsets.UTF_8)));

        assertThat(Files.getLastModifiedTime(path)).isEqualTo(old);
    }
}
