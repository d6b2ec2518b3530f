package io.sites.command.publish;

import io.sites.api.json.PublishFile;
import io.sites.bundle.DecodedContent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A bundle's files in the form the bundle reader checks (its rules word their violations after the interface's
 * file object), with the contents already decoded by index. Every source becomes the file object a client would
 * have sent for it, so each rule and message is the same whichever entry point published.
 */
record ReaderFiles(List<PublishFile> files, Map<Integer, DecodedContent> decoded) {

    static ReaderFiles of(List<FileInput> inputs) {
        List<PublishFile> files = new ArrayList<>(inputs.size());
        Map<Integer, DecodedContent> decoded = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            FileInput input = inputs.get(i);
            if (input == null) {
                files.add(null);
                continue;
            }
            String path = input.path();
            String type = input.contentType();
            files.add(switch (input.source()) {
                case FileSource.Bytes bytes -> {
                    decoded.put(i, new DecodedContent.Held(bytes.bytes()));
                    yield new PublishFile(path, null, null, type, null, null);
                }
                case FileSource.Text text -> new PublishFile(path, text.text(), null, type, null, null);
                case FileSource.Encoded encoded -> new PublishFile(path, encoded.base64(), "base64", type, null,
                        null);
                case FileSource.Decoded content -> {
                    decoded.put(i, content.content());
                    yield new PublishFile(path, null, null, type, null, null);
                }
                case FileSource.UploadKey upload -> new PublishFile(path, null, null, type, null, upload.key());
                case FileSource.SourceUrl source -> new PublishFile(path, null, null, type, source.url(), null);
                case FileSource.Malformed sent -> {
                    if (sent.decoded() != null) {
                        decoded.put(i, sent.decoded());
                    }
                    yield new PublishFile(path, sent.content(), sent.contentEncoding(), type, sent.sourceUrl(),
                            sent.uploadKey());
                }
            });
        }
        return new ReaderFiles(files, decoded);
    }
}
