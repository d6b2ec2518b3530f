package io.sites.app.web;

import io.sites.api.query.VersionDiffView;
import io.sites.api.query.VersionDiffView.FileView;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The VersionDiff shape of diffVersions: added and removed files as {path, contentType, size, sha256}; a changed
 * one as {path, before, after}, each side {contentType, size, sha256}, so a client reads both sides the same way.
 */
final class VersionDiffJson {
    private VersionDiffJson() {
    }

    static Map<String, Object> of(VersionDiffView diff) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("added", diff.added().stream().map(VersionDiffJson::file).toList());
        json.put("removed", diff.removed().stream().map(VersionDiffJson::file).toList());
        json.put("changed", diff.changed().stream().map(change -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("path", change.path());
            entry.put("before", side(change.before()));
            entry.put("after", side(change.after()));
            return entry;
        }).toList());
        json.put("unchanged", diff.unchanged());
        return json;
    }

    private static Map<String, Object> file(FileView file) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("path", file.path());
        json.putAll(side(file));
        return json;
    }

    private static Map<String, Object> side(FileView file) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("contentType", file.contentType());
        json.put("size", file.size());
        json.put("sha256", file.sha256());
        return json;
    }
}
