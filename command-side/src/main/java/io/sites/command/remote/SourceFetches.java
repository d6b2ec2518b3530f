package io.sites.command.remote;

import io.sites.api.id.AccountId;
import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.blob.BlobStore;
import io.sites.bundle.BundleLimits;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.bundle.RemoteFiles;
import io.sites.command.limits.FetchRateLimit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import javax.net.ssl.SSLSocketFactory;
import org.springframework.stereotype.Service;

/**
 * sourceUrl files of one publish: counted against the hourly budget, then fetched in parallel (at most
 * {@link #PARALLEL} at a time) straight into the blob store, and handed to the bundle reader as stored blobs.
 */
@Service
public class SourceFetches {
    static final int PARALLEL = 4;

    private final SourceFetch fetch;
    private final FetchRateLimit rateLimit;
    private final BlobStore blobs;
    private final String fileLimit;

    SourceFetches(AddressPolicy policy, FetchTls tls, BlobStore blobs, BundleLimits limits, FetchRateLimit rateLimit) {
        this.fetch = new SourceFetch(policy, java.net.InetAddress::getAllByName, tls.sockets(), blobs,
                limits.fileBytes(), Duration.ofSeconds(5), Duration.ofSeconds(15), Duration.ofSeconds(120));
        this.rateLimit = rateLimit;
        this.blobs = blobs;
        this.fileLimit = limits.fileSize();
    }

    /** The trust the fetches use; production trusts the JDK's CAs, tests may define their own bean. */
    public record FetchTls(SSLSocketFactory sockets) {
    }

    /** The fetches of one publish; close it when the bundle has been read. */
    public Batch open(AccountId caller) {
        return open(caller, false);
    }

    /** As {@link #open(AccountId)}; a dry run's bytes go to scratch space deleted on close, not the blob store. */
    public Batch open(AccountId caller, boolean dryRun) {
        return new Batch(caller, dryRun ? new ScratchBlobs() : null);
    }

    public final class Batch implements RemoteFiles, AutoCloseable {
        private final AccountId caller;
        private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        private final Semaphore permits = new Semaphore(PARALLEL);
        private final Map<String, Future<Resolved>> started = new HashMap<>();

        private final ScratchBlobs scratch;
        private final BlobStore into;

        private Batch(AccountId caller, ScratchBlobs scratch) {
            this.caller = caller;
            this.scratch = scratch;
            this.into = scratch != null ? scratch : blobs;
        }

        @Override
        public void prepare(List<Request> requests) {
            List<Request> fetches = requests.stream().filter(r -> isSource(r.file())).toList();
            if (fetches.isEmpty()) {
                return;
            }
            rateLimit.acquire(caller, fetches.size());
            for (Request request : fetches) {
                started.put(key(request.path(), request.file()), pool.submit(() -> {
                    permits.acquire();
                    try {
                        return fetchOne(request.file());
                    } finally {
                        permits.release();
                    }
                }));
            }
        }

        @Override
        public Resolved resolve(String path, FileInput file) {
            Future<Resolved> future = started.get(key(path, file));
            if (future == null) {
                throw new IllegalStateException("sourceUrl of " + path + " was not prepared");
            }
            try {
                return future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while fetching " + path, e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new IllegalStateException("fetching " + path + " failed", e.getCause());
            }
        }

        private Resolved fetchOne(FileInput file) {
            try {
                SourceFetch.Result result = fetch.fetch(sourceUrl(file), into);
                return new Stored(result.blob(), result.contentType(), () -> {
                    try (InputStream in = into.open(result.blob().sha256()).orElseThrow(
                            () -> new IOException("fetched blob " + result.blob().sha256() + " is missing"))) {
                        return in.readAllBytes();
                    }
                });
            } catch (SourceFetch.Failed failed) {
                return new Rejected(Violation.of(failed.code, file.path(),
                        "File \"" + file.path() + "\" could not be fetched from its sourceUrl: " + failed.getMessage()
                                + ".",
                        detail(ViolationCode.valueOf(failed.code))));
            } catch (IOException storeFailed) {
                throw new UncheckedIOException(storeFailed);
            }
        }

        @Override
        public void close() {
            started.values().forEach(f -> f.cancel(true));
            pool.shutdownNow();
            if (scratch != null) {
                try {
                    // Fetches still running write into the directory; they are waited for before it goes.
                    pool.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
                scratch.close();
            }
        }
    }

    private static boolean isSource(FileInput file) {
        return file.source() instanceof FileSource.SourceUrl;
    }

    private static String sourceUrl(FileInput file) {
        return ((FileSource.SourceUrl) file.source()).url();
    }

    private static String key(String path, FileInput file) {
        return path + "\n" + sourceUrl(file);
    }

    private String detail(ViolationCode code) {
        return switch (code) {
            case SOURCE_ADDRESS_FORBIDDEN -> "Only public https addresses are fetched. Upload the file through "
                    + "POST /v1/uploads instead, or send it inline.";
            case SOURCE_URL_INVALID -> "Give an absolute https URL such as https://example.com/image.png.";
            case FILE_TOO_LARGE -> "Files are at most " + fileLimit + "; compress or scale the file down.";
            case SOURCE_TOO_MANY_REDIRECTS -> "Give the final address of the file instead of one that redirects.";
            default -> "Check that the URL is publicly reachable over https, or upload the file through "
                    + "POST /v1/uploads instead.";
        };
    }
}
