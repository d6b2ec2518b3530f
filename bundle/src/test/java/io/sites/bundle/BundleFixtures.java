package io.sites.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sites.api.code.Violation;
import io.sites.api.json.PublishFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Shared helpers for the bundle tests. */
final class BundleFixtures {

    static final PublishFile INDEX = PublishFile.text("index.html", "<!doctype html><title>Home</title><p>Hello</p>");

    private BundleFixtures() {}

    static BundleReader reader() {
        return new BundleReader(BundleLimits.spec(), RemoteFiles.unsupported());
    }

    /** The violations of a bundle made of index.html and the given files; empty when it is accepted. */
    static List<Violation> violationsWithIndex(PublishFile... files) {
        List<PublishFile> all = new ArrayList<>();
        all.add(INDEX);
        all.addAll(Arrays.asList(files));
        return violations(reader(), all);
    }

    /** The violations of exactly these files; empty when accepted. */
    static List<Violation> violations(PublishFile... files) {
        return violations(reader(), Arrays.asList(files));
    }

    static List<Violation> violations(BundleReader reader, List<PublishFile> files) {
        try {
            reader.read(inputs(files));
            return List.of();
        } catch (BundleInvalidException e) {
            return e.violations();
        }
    }

    /** The violations of a single page served as index.html. */
    static List<Violation> page(String html) {
        return violations(PublishFile.text("index.html", html));
    }

    static List<Violation> rejected(BundleReader reader, List<PublishFile> files) {
        BundleInvalidException e = catchThrowableOfType(BundleInvalidException.class, 
                () -> reader.read(inputs(files)));
        assertThat(e).as("bundle should be rejected").isNotNull();
        return e.violations();
    }

    /** The only violation, asserting there is exactly one with the given code. */
    static Violation only(List<Violation> violations, String code) {
        assertThat(violations).extracting(Violation::code).containsExactly(code);
        return violations.get(0);
    }

    static List<String> codes(List<Violation> violations) {
        return violations.stream().map(Violation::code).toList();
    }

    /** The files as the interface's adapters hand them to the reader (its PublishRequests maps them the same way). */
    static List<FileInput> inputs(List<PublishFile> files) {
        return inputs(files, Map.of());
    }

    /** As {@link #inputs(List)}, with the contents of some files already decoded, by index. */
    static List<FileInput> inputs(List<PublishFile> files, Map<Integer, DecodedContent> decoded) {
        if (files == null) {
            return null;
        }
        List<FileInput> inputs = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            PublishFile f = files.get(i);
            inputs.add(f == null ? null : new FileInput(f.path(), f.contentType(), FileSource.asSent(f.content(),
                    decoded.get(i), f.contentEncoding(), f.sourceUrl(), f.uploadKey(), f.sha256())));
        }
        return inputs;
    }

    static PublishFile withType(String path, String content, String contentType) {
        return new PublishFile(path, content, null, contentType, null, null);
    }
}
