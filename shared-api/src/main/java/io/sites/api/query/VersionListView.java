package io.sites.api.query;

import java.util.List;

/** Answer to {@link ListVersions}; the slug lets the adapter build preview URLs. */
public record VersionListView(String slug, List<VersionView> versions) {
    public VersionListView {
        versions = List.copyOf(versions);
    }
}
