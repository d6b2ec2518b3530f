package io.sites.command.publish;

import io.sites.bundle.FileInput;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A website to create with its first version, as every entry point asks for it. Category stays text so that an
 * unknown one is answered naming the field.
 *
 * @param name        display name, or null to derive it from the slug
 * @param slug        the subdomain asked for, or null to derive one from the name
 * @param files       the bundle in the order it was sent; an entry is null where the client sent no file object
 * @param message     version 1's changelog entry, or null
 * @param retainVersions the website's retention setting, or null for none
 * @param draftExpiresAt when an unclaimed draft expires, or null for a website like any other
 */
public record NewWebsite(String name, String category, String description, String slug, List<FileInput> files,
        String message, Integer retainVersions, Instant draftExpiresAt) {
    public NewWebsite {
        files = files == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(files));
    }

    /** Not a draft. */
    public NewWebsite(String name, String category, String description, String slug, List<FileInput> files,
            String message, Integer retainVersions) {
        this(name, category, description, slug, files, message, retainVersions, null);
    }

    /** Without a changelog entry. */
    public NewWebsite(String name, String category, String description, String slug, List<FileInput> files) {
        this(name, category, description, slug, files, null, null);
    }

    /** Without a retention setting. */
    public NewWebsite(String name, String category, String description, String slug, List<FileInput> files,
            String message) {
        this(name, category, description, slug, files, message, null);
    }
}
