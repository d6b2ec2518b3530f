package io.sites.bundle;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.blob.BlobRef;
import io.sites.bundle.rules.Text;
import java.io.IOException;
import io.sites.bundle.rules.FileFindings;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Resolves the bytes of files a client gives by {@code sourceUrl}, {@code uploadKey} or {@code sha256} instead of
 * inline content.
 *
 * <p>{@link BundleReader} calls it only for files whose path is valid and that have exactly one body, and only when
 * the publish stays within {@link BundleLimits#remoteFiles()} (a digest, never fetched, is resolved regardless and not
 * counted). Problems the client can fix (address not allowed,
 * unknown upload key, fetch failed, too large) are answered as {@link Rejected} with a violation naming
 * {@code file.path()}; exceptions are treated as server faults and propagate.
 */
@FunctionalInterface
public interface RemoteFiles {

    /**
     * @param path the normalised path the file will be served at
     * @param file the file as the client sent it, its source a {@link FileSource.UploadKey}, a
     *             {@link FileSource.SourceUrl} or a {@link FileSource.StoredBlob}
     */
    Resolved resolve(String path, FileInput file);

    /**
     * Called once per publish, before any {@link #resolve}, with every file that will be resolved: lets an
     * implementation count them against a limit or start fetches in parallel. Does nothing by default.
     */
    default void prepare(List<Request> requests) {
    }

    /**
     * The findings kept for these stored files' contents ({@link FileFindings}, by a publish that read them before),
     * each under its key; a file without is read back and checked. Asked once per publish, after every file was
     * resolved, only for files resolved as {@link Stored}, which the caller may name. None by default.
     */
    default Map<ContentKey, FileFindings> knownFindings(Collection<ContentKey> keys) {
        return Map.of();
    }

    /** A file that {@link #resolve} will be asked for. */
    record Request(String path, FileInput file) {
    }

    /** Outcome of resolving one remote file. */
    sealed interface Resolved permits Fetched, Stored, Rejected {}

    /**
     * The bytes were obtained.
     *
     * @param contentType what the source declared (for example the upload slot's type), or null; used only when the
     *                    client gave no contentType and the path's extension says nothing
     */
    record Fetched(byte[] bytes, String contentType) implements Resolved {
        public Fetched {
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    /**
     * The bytes are already in the blob store (an upload slot, or a fetch streamed there). {@link BundleReader} reads
     * them back through {@code contents} only when the authoring rules must scan the file.
     *
     * @param contentType as in {@link Fetched}
     */
    record Stored(BlobRef blob, String contentType, Contents contents) implements Resolved {
        public Stored {
            Objects.requireNonNull(blob, "blob");
            Objects.requireNonNull(contents, "contents");
        }
    }

    /** Reads a stored file's bytes, for the few types whose contents the authoring rules check. */
    @FunctionalInterface
    interface Contents {
        byte[] read() throws IOException;
    }

    /** The file cannot be resolved, for a reason the client can fix. */
    record Rejected(Violation violation) implements Resolved {
        public Rejected {
            Objects.requireNonNull(violation, "violation");
        }
    }

    /** Until binary files land: every remote file is answered with {@code SOURCE_NOT_SUPPORTED}. */
    static RemoteFiles unsupported() {
        return (path, file) -> {
            String field = switch (file.source()) {
                case FileSource.UploadKey upload -> "uploadKey";
                case FileSource.StoredBlob digest -> "sha256";
                default -> "sourceUrl";
            };
            return new Rejected(Violation.of(
                    ViolationCode.SOURCE_NOT_SUPPORTED,
                    file.path(),
                    "File " + Text.quote(file.path()) + " is given by " + field
                            + ", but files given by sourceUrl, uploadKey or sha256 are not supported yet.",
                    "Send the file inline instead: put its bytes base64-encoded in content, set contentEncoding to "
                            + "\"base64\" and remove " + field + ". Text files (HTML, CSS, JS, SVG) can be sent as "
                            + "plain UTF-8 text in content."));
        };
    }
}
