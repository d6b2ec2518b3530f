package io.sites.app.blobs;

import static io.sites.app.Bundles.file;
import static io.sites.app.Bundles.site;
import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.app.web.ApiErrors;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.QueryTimeoutException;

/**
 * Publishes that share a file wait for each other's lock on its {@code stored_blob} row (one not touched within
 * the last hour, which a touch locks): on the embedded database
 * as long as a loaded machine may hold it (H2's own default gave up after one second with a 500), and a wait that
 * still runs out is a 503 with Retry-After, nothing changed, never a 500.
 */
class BlobRowLockTest extends EmbeddedAppTest {
    private static final String SHARED = "body { color: teal; }\n";

    @Test
    void aPublishWaitsForAnotherWritersLockOnASharedBlob() throws Exception {
        Http.Response first = http().post("/v1/websites", ALICE, site(null, "First", file("index.html", "<p>one"),
                file("shared.css", SHARED)));
        assertThat(first.status()).as(first.text()).isEqualTo(201);
        String sha = HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(SHARED.getBytes(java.nio.charset.StandardCharsets.UTF_8)));

        try (Connection other = bean(DataSource.class).getConnection()) {
            // Touched two hours ago: a row touched within the last hour is read, not locked (StoredBlobs.touch).
            try (PreparedStatement age = other.prepareStatement(
                    "update stored_blob set touched_at = ? where sha256 = ?")) {
                age.setTimestamp(1, java.sql.Timestamp.from(java.time.Instant.now().minus(
                        java.time.Duration.ofHours(2))));
                age.setString(2, sha);
                assertThat(age.executeUpdate()).isEqualTo(1);
            }
            other.setAutoCommit(false);
            try (PreparedStatement lock = other.prepareStatement(
                    "select sha256 from stored_blob where sha256 = ? for update")) {
                lock.setString(1, sha);
                assertThat(lock.executeQuery().next()).as("the shared blob's row").isTrue();
            }
            CompletableFuture<Http.Response> second = CompletableFuture.supplyAsync(() -> http().post(
                    "/v1/websites", ALICE, site(null, "Second", file("index.html", "<p>two"),
                            file("shared.css", SHARED))));
            // Held longer than the one second H2 waits by default, well within the wait the service asks for.
            Thread.sleep(2_500);
            assertThat(second).as("the second publish waits for the lock").isNotDone();
            other.commit();
            Http.Response published = second.get(60, TimeUnit.SECONDS);
            assertThat(published.status()).as(published.text()).isEqualTo(201);
        }
    }

    @Test
    void aLockWaitThatRunsOutIsA503WithRetryAfter() {
        for (RuntimeException contended : new RuntimeException[] {
            new QueryTimeoutException("Timeout trying to lock table"),
            new CannotAcquireLockException("could not obtain lock on row")}) {
            ApiErrors.Failure failure = ApiErrors.of(contended);
            assertThat(failure.status().value()).isEqualTo(503);
            assertThat(failure.body().error().code()).isEqualTo("SERVER_BUSY");
            assertThat(failure.headers()).containsEntry("Retry-After", "1");
            assertThat(failure.body().error().message()).doesNotContain("lock table", "obtain lock");
        }
    }
}
