package io.sites.app.webapp;

import static io.sites.api.code.ViolationCode.BUNDLE_TOO_LARGE;
import static io.sites.api.code.ViolationCode.FILE_TOO_LARGE;
import static io.sites.api.code.ViolationCode.INVALID_PATH;
import static io.sites.api.code.ViolationCode.ZIP_INVALID;
import static io.sites.api.code.ViolationCode.ZIP_RATIO_TOO_HIGH;
import static io.sites.api.code.ViolationCode.ZIP_TOO_MANY_ENTRIES;

import io.sites.api.code.Violation;
import io.sites.bundle.BundleLimits;
import io.sites.bundle.DecodedContent;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
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
 * Turns what a browser sent (the files of a chosen folder, or one .zip) into the files of a publish. Everything
 * else (paths, types, authoring rules) is checked by the same {@code PublishService} as every other publish.
 *
 * <p>Nothing is held whole: each file is read from its stream into {@link UnpackedFiles}, held while small, else
 * written to the request's temporary directory, under the same memory budget as API bodies. Zip archives are read as
 * a stream with hard limits, so no archive can exhaust memory or disk or escape the bundle: at most
 * {@value #MAX_ENTRIES} entries; every entry's inflated bytes are counted while it is read (folder entries and
 * skipped files too), and reading stops at the first file above the per-file limit, when all files together pass the
 * bundle limit, or when they pass {@value #MAX_RATIO} times the archive's own size (at least {@link #RATIO_FLOOR}
 * bytes), whatever sizes the archive declares; entry names that are absolute or contain {@code ..} segments are
 * refused. Folder entries, {@code __MACOSX/}, {@code .git/}, {@code .DS_Store} and {@code Thumbs.db} are skipped.
 * When every file sits in one common top folder (as {@code site/index.html}, {@code site/css/…}), that folder is
 * stripped. A zip inside the archive is a file like any other: nothing is unpacked twice.
 */
@Component
class UploadedBundle {
    static final int MAX_ENTRIES = 20_000;
    /** An archive unpacks to at most this many times its own size (see docs/DECISIONS.md, "Zip rules"). */
    static final long MAX_RATIO = 100;
    /** What an archive may unpack to whatever its size, so that a small archive of text is never taken for a bomb. */
    static final long RATIO_FLOOR = 16L * 1024 * 1024;

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
     * @param folder   the files of a folder input ({@code webkitdirectory}), in the order of {@code paths}
     * @param paths    each file's path relative to the chosen folder, as the page's script read it from
     *                 {@code webkitRelativePath}; when missing, the file name the browser sent is used
     * @param zip      a .zip archive instead of a folder
     * @param unpacked where the files' bytes go, and the heap reserved for them
     * @throws RuntimeException the memory budget's refusal, when the heap for reading the files cannot be had
     */
    Read read(List<MultipartFile> folder, List<String> paths, MultipartFile zip, UnpackedFiles unpacked)
            throws IOException {
        Read read;
        if (zip != null && !zip.isEmpty()) {
            try (InputStream in = zip.getInputStream()) {
                read = unzip(in, zip.getSize(), unpacked);
            }
            if (read.empty()) {
                return new Read(List.of(), List.of(Violation.of(ZIP_INVALID, null, "The file "
                        + zip.getOriginalFilename() + " is not a zip archive, or it holds no files.",
                        "Upload a .zip of the site's folder, or choose the folder itself.")));
            }
        } else {
            read = folder(folder, paths, unpacked);
        }
        if (read.problems().isEmpty()) {
            unpacked.reserveForReading(read.files());
        }
        return read;
    }

    private Read folder(List<MultipartFile> folder, List<String> paths, UnpackedFiles unpacked) throws IOException {
        List<Named> named = new ArrayList<>();
        List<MultipartFile> files = folder == null ? List.of() : folder.stream()
                .filter(file -> file != null && file.getOriginalFilename() != null
                        && !file.getOriginalFilename().isEmpty())
                .toList();
        for (int i = 0; i < files.size(); i++) {
            MultipartFile file = files.get(i);
            String path = paths != null && i < paths.size() && !paths.get(i).isBlank() ? paths.get(i)
                    : file.getOriginalFilename();
            path = slashes(path);
            if (skipped(path)) {
                continue;
            }
            UnpackedFiles.Taken taken = null;
            if (file.getSize() <= limits.fileBytes()) {
                try (InputStream in = file.getInputStream()) {
                    taken = unpacked.take(in, limits.fileBytes());
                }
            }
            // A part above the file limit is not read: the bundle reader names it as it names any oversized file.
            named.add(new Named(path, taken != null ? taken.source()
                    : new FileSource.Decoded(new DecodedContent.Oversized(file.getSize()))));
        }
        return done(named, new ArrayList<>());
    }

    Read unzip(InputStream archive, long archiveBytes, UnpackedFiles unpacked) throws IOException {
        List<Named> named = new ArrayList<>();
        List<Violation> problems = new ArrayList<>();
        long allowed = Math.min(limits.bundleBytes(), Math.max(MAX_RATIO * archiveBytes, RATIO_FLOOR));
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
                boolean escapes = !entry.isDirectory() && escapes(path);
                boolean kept = !entry.isDirectory() && !escapes && !skipped(path);
                // Every entry is inflated through the caps, even one that is then skipped or refused: skipping
                // an entry would inflate it too, uncounted.
                long room = Math.min(limits.fileBytes(), allowed - total);
                UnpackedFiles.Taken taken = kept ? unpacked.take(zip, room) : null;
                long size = kept ? (taken == null ? -1 : taken.size()) : unpacked.discard(zip, room);
                if (size < 0) {
                    problems.add(pastLimit(path, total, allowed, archiveBytes));
                    return new Read(List.of(), problems);
                }
                total += size;
                if (escapes) {
                    problems.add(Violation.of(INVALID_PATH, entry.getName(), "The archive entry " + entry.getName()
                            + " points outside the bundle (an absolute path or a '..' segment).",
                            "Make every path in the archive relative to the site's root folder."));
                } else if (kept) {
                    named.add(new Named(path, taken.source()));
                }
            }
        } catch (IOException | IllegalArgumentException unreadable) {
            problems.add(Violation.of(ZIP_INVALID, null, "The file is not a zip archive that can be read: "
                    + unreadable.getMessage() + ".", "Create the archive again (unencrypted .zip) and upload it."));
            return new Read(List.of(), problems);
        }
        return done(named, problems);
    }

    /** Why reading stopped at {@code path}: the one limit of the three that it reached first. */
    private Violation pastLimit(String path, long total, long allowed, long archiveBytes) {
        if (limits.fileBytes() <= allowed - total) {
            return Violation.of(FILE_TOO_LARGE, path, "The file " + path + " is larger than "
                    + limits.fileBytes() + " bytes once unpacked.", "Files are limited to " + limits.fileSize()
                    + " each; reading the archive stopped here.");
        }
        if (allowed < limits.bundleBytes()) {
            return Violation.of(ZIP_RATIO_TOO_HIGH, path, "The archive unpacks to more than " + MAX_RATIO
                    + " times its own size (" + archiveBytes + " bytes): reading it stopped at " + allowed
                    + " bytes.", "Archives this dense are nearly always zip bombs. If the site really is, zip it "
                    + "without compression (zip -0), choose the folder itself, or publish through the API.");
        }
        return Violation.of(BUNDLE_TOO_LARGE, path, "The archive unpacks to more than " + limits.bundleBytes()
                + " bytes.", "A bundle is limited to " + limits.bundleSize()
                + " in all; reading the archive stopped here.");
    }

    private static Read done(List<Named> named, List<Violation> problems) {
        String top = commonTop(named);
        List<FileInput> files = named.stream()
                .map(file -> new FileInput(top == null ? file.path() : file.path().substring(top.length()), null,
                        file.source()))
                .toList();
        return new Read(files, problems);
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

    private record Named(String path, FileSource source) {
    }
}
