package io.sites.command.publish;

import io.sites.bundle.FileInput;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A new version for an existing website, as every entry point asks for it: a complete replacement bundle, or with
 * {@code baseVersion} the changes to that version.
 *
 * @param files            the bundle in the order it was sent (with a base: the files added or replaced); an entry
 *                         is null where the client sent no file object
 * @param message          the changelog entry, or null
 * @param promote          whether the version goes live at once
 * @param baseVersion      the version whose other files carry over, or null for a complete replacement
 * @param deletePaths      paths of the base not to carry over (only with a base)
 * @param ifCurrentVersion the version that must be live for the publish to happen, or null
 */
public record NewVersion(List<FileInput> files, String message, boolean promote, Integer baseVersion,
        List<String> deletePaths, Integer ifCurrentVersion) {
    public NewVersion {
        files = files == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(files));
        deletePaths = deletePaths == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(deletePaths));
    }

    /** A complete replacement bundle. */
    public NewVersion(List<FileInput> files, String message, boolean promote) {
        this(files, message, promote, null, null, null);
    }
}
