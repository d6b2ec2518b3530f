package io.sites.command.publish;

import io.sites.bundle.FileInput;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A complete replacement bundle for an existing website, as every entry point asks for it.
 *
 * @param files   the bundle in the order it was sent; an entry is null where the client sent no file object
 * @param message the changelog entry, or null
 * @param promote whether the version goes live at once
 */
public record NewVersion(List<FileInput> files, String message, boolean promote) {
    public NewVersion {
        files = files == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(files));
    }
}
