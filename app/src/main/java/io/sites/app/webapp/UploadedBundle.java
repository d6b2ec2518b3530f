package io.sites.app.webapp;

import static io.sites.api.ViolationCode.BUNDLE_TOO_LARGE;
import static io.sites.api.ViolationCode.FILE_TOO_LARGE;
import static io.sites.api.ViolationCode.INVALID_PATH;
import static io.sites.api.ViolationCode.ZIP_INVALID;
import static io.sites.api.ViolationCode.ZIP_TOO_MANY_ENTRIES;

import io.sites.api.Violation;
import io.sites.bundle.BundleLimits;
import io.sites.bundle.FileInput;
import io.sites.command.limits.CappedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.springframework.stereotype.Component;
import org.springframework.web.multipart.MultipartFile;

/**
 * Turns what a browser sent (the files of a chosen folder, or one .zip) into the files of a publish, each given by
 * the bytes read. Everything else (paths, types, authoring rules) is checked by the same {@code PublishService} as
 * every other publish.
 *
 * <p>Zip archives are read as a stream with hard limits, so no archive can exhaust memory or escape the bundle:
 * at most {@value #MAX_ENTRIES} entries; every entry's inflated size is counted while it is read, and reading stops
 * at the first file above the per-file limit or when all files together pass the bundle limit,
 * whatever sizes the archive declares; entry names that are absolute or contain {@code ..} segments are refused.
 * Folder entries, {@code __MACOSX/}, {@code .git/}, {@code .DS_Store} and {@code Thumbs.db} are skipped. When every
 * file sits in one common top folder (as {@code site/index.html}, {@code site/css/…}), that folder is stripped.
 */
@Component
class UploadedBundle {
    static final int MAX_ENTRIES = 20_000;

    private final BundleLimits limits;

    UploadedBundle(BundleLimits limits) {
        this.limits = limits;
    }

    /** The files, or the problems that stopped them from being read (shown like a bundle's violations). */
    record Read(List<FileInput> files, List<Violation> problems) {
        boolean empty() {
            return files.isEmpty() && problems.isEmpty();
        }
    }

    /**
     * @param folder the files of a folder input ({@code webkitdirectory}), in the order of {@code paths}
     * @param paths  each file's path relative to the chosen folder, as the page's script read it from
     *               {@code webkitRelativePath}; when missing, the file name the browser sent is used
     * @param zip    a .zip archive instead of a folder
     */
    Read read(List<MultipartFile> folder, List<String> paths, MultipartFile zip) throws IOException {
        if (zip != null && !zip.isEmpty()) {
            try (InputStream in = zip.getInputStream()) {
                Read read = unzip(in);
                return read.empty() ? new Read(List.of(), List.of(Violation.of(ZIP_INVALID, null, "The file "
                        + zip.getOriginalFilename() + " is not a zip archive, or it holds no files.",
                        "Upload a .zip of the site's folder, or choose the folder itself."))) : read;
            }
        }
        List<Named> named = new ArrayList<>();
        List<MultipartFile> files = folder == null ? List.of() : folder.stream()
                .filter(file -> file != null && file.getOriginalFilename() != null
                        && !file.getOriginalFilename().isEmpty())
                .toList();
        for (int i = 0; i < files.size(); i++) {
            MultipartFile file = files.get(i);
            String path = paths != null && i < paths.size() && !paths.get(i).isBlank() ? paths.get(i)
                    : file.getOriginalFilename();
            named.add(new Named(slashes(path), file.getBytes()));
        }
        return done(named, new ArrayList<>());
    }

    Read unzip(InputStream archive) {
        List<Named> named = new ArrayList<>();
        List<Violation> problems = new ArrayList<>();
        long total = 0;
        int entries = 0;
        try (ZipInputStream zip = new ZipInputStream(archive)) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (++entries > MAX_ENTRIES) {
                    problems.add(Violation.of(ZIP_TOO_MANY_ENTRIES, null, "The archive has more than "
                            + MAX_ENTRIES + " entries.", "Upload fewer files, or publish through the API."));
                    return new Read(List.of(), problems);
                }
                String path = slashes(entry.getName());
                if (entry.isDirectory()) {
                    continue;
                }
                // Every entry is inflated through the caps, even one that is then skipped or refused: skipping
                // an entry would inflate it too, uncounted.
                long room = Math.min(limits.fileBytes(), limits.bundleBytes() - total);
                byte[] bytes = readAtMost(zip, room);
                if (bytes == null) {
                    boolean fileLimit = limits.fileBytes() <= limits.bundleBytes() - total;
                    problems.add(fileLimit
                            ? Violation.of(FILE_TOO_LARGE, path, "The file " + path + " is larger than "
                                    + limits.fileBytes() + " bytes once unpacked.",
                                    "Files are limited to " + limits.fileSize()
                                            + " each; reading the archive stopped here.")
                            : Violation.of(BUNDLE_TOO_LARGE, path, "The archive unpacks to more than "
                                    + limits.bundleBytes() + " bytes.",
                                    "A bundle is limited to " + limits.bundleSize()
                                            + " in all; reading the archive stopped here."));
                    return new Read(List.of(), problems);
                }
                if (escapes(path)) {
                    problems.add(Violation.of(INVALID_PATH, entry.getName(), "The archive entry " + entry.getName()
                            + " points outside the bundle (an absolute path or a '..' segment).",
                            "Make every path in the archive relative to the site's root folder."));
                    continue;
                }
                total += bytes.length;
                named.add(new Named(path, bytes));
            }
        } catch (IOException | IllegalArgumentException unreadable) {
            problems.add(Violation.of(ZIP_INVALID, null, "The file is not a zip archive that can be read: "
                    + unreadable.getMessage() + ".", "Create the archive again (unencrypted .zip) and upload it."));
            return new Read(List.of(), problems);
        }
        return done(named, problems);
    }

    private static Read done(List<Named> named, List<Violation> problems) {
        List<Named> kept = named.stream().filter(file -> !skipped(file.path())).toList();
        String top = commonTop(kept);
        List<FileInput> files = kept.stream()
                .map(file -> FileInput.bytes(top == null ? file.path() : file.path().substring(top.length()),
                        file.bytes()))
                .toList();
        return new Read(files, problems);
    }

    /** The entry's bytes, or null as soon as it is longer than max (the rest is not inflated). */
    private static byte[] readAtMost(InputStream in, long max) throws IOException {
        try {
            // Not closed: closing the capped stream would close the archive, whose next entry is still to come.
            return new CappedInputStream(in, max, PastCap::new).readAllBytes();
        } catch (PastCap past) {
            return null;
        }
    }

    /** The entry is longer than it may be; thrown and caught within {@link #readAtMost}, so it carries no trace. */
    private static final class PastCap extends RuntimeException {
        PastCap() {
            super(null, null, false, false);
        }
    }

    /** "site/" when every path starts with that same folder, else null. */
    private static String commonTop(List<Named> files) {
        String top = null;
        for (Named file : files) {
            int slash = file.path().indexOf('/');
            if (slash <= 0) {
                return null;
            }
            String first = file.path().substring(0, slash + 1);
            if (top != null && !top.equals(first)) {
                return null;
            }
            top = first;
        }
        return top;
    }

    private static String slashes(String path) {
        String p = path.replace('\\', '/');
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        return p;
    }

    private static boolean escapes(String path) {
        if (path.startsWith("/") || path.matches("^[A-Za-z]:.*")) {
            return true;
        }
        for (String segment : path.split("/")) {
            if (segment.equals("..")) {
                return true;
            }
        }
        return false;
    }

    private static boolean skipped(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        String name = lower.substring(lower.lastIndexOf('/') + 1);
        return lower.startsWith("__macosx/") || lower.contains("/__macosx/") || lower.startsWith(".git/")
                || lower.contains("/.git/") || name.equals(".ds_store") || name.equals("thumbs.db");
    }

    private record Named(String path, byte[] bytes) {
    }
}
