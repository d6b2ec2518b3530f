package io.sites.bundle;

import io.sites.bundle.rules.AuthoringRules;
import java.util.Objects;

/**
 * What a file's own findings depend on, beside {@link AuthoringRules#VERSION}: its bytes (by their SHA-256), the
 * normalised path it is served at (relative references and a {@code <base href>} resolve against it) and the type
 * the authoring rules read it as.
 */
public record ContentKey(String sha256, String path, String essence) {
    public ContentKey {
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(essence, "essence");
    }
}
