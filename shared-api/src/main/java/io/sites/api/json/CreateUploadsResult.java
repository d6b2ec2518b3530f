package io.sites.api.json;

import java.util.List;

/** createUploads: the slots, in the order the paths were requested. */
public record CreateUploadsResult(List<UploadSlot> uploads) {
}
