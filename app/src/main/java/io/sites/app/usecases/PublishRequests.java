package io.sites.app.usecases;

import io.sites.api.json.PublishFile;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.json.UploadFilesRequest;
import io.sites.bundle.DecodedContent;
import io.sites.bundle.FileInput;
import io.sites.bundle.FileSource;
import io.sites.command.publish.NewVersion;
import io.sites.command.publish.NewWebsite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The interface's publish bodies (REST and MCP share them) as PublishService's input: each file object becomes the
 * one source its body names (content, sourceUrl, uploadKey or sha256). A file object the interface refuses (no body, several, an unknown contentEncoding)
 * stays as sent, so that the bundle reader words its violation exactly as before; base64 stays encoded until the
 * reader decodes it, so that invalid base64 is named there with its position.
 */
final class PublishRequests {
    private PublishRequests() {}

    /** @param decoded contents already decoded while the body was read, by index in its files */
    static NewWebsite website(PublishWebsiteRequest request, Map<Integer, DecodedContent> decoded) {
        return new NewWebsite(request.name(), request.category(), request.description(), request.slug(),
                files(request.files(), decoded), request.message(), request.retainVersions());
    }

    /** As {@link #website}; an omitted promote is true. With baseVersion the files are the changes to it. */
    static NewVersion version(PublishVersionRequest request, Map<Integer, DecodedContent> decoded) {
        return new NewVersion(files(request.files(), decoded), request.message(),
                request.promote() == null || request.promote(), request.baseVersion(), request.deletePaths(),
                request.ifCurrentVersion());
    }

    /** A draft's files, as {@link #website}'s. */
    static List<FileInput> draftFiles(List<PublishFile> files, Map<Integer, DecodedContent> decoded) {
        return files(files, decoded);
    }

    /** Files sent ahead of a publish (uploadFiles), as {@link #website}'s. */
    static List<FileInput> batchFiles(UploadFilesRequest request, Map<Integer, DecodedContent> decoded) {
        return files(request.files(), decoded);
    }

    private static List<FileInput> files(List<PublishFile> files, Map<Integer, DecodedContent> decoded) {
        if (files == null) {
            return List.of();
        }
        List<FileInput> inputs = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            PublishFile file = files.get(i);
            inputs.add(file == null ? null
                    : new FileInput(file.path(), file.contentType(), FileSource.asSent(file.content(),
                            decoded.get(i), file.contentEncoding(), file.sourceUrl(), file.uploadKey(), file.sha256())));
        }
        return inputs;
    }
}
