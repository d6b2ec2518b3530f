package io.sites.api.json;

import java.util.List;

/**
 * findMissingDigests: the SHA-256 digests a client would name instead of sending bytes, and optionally the website
 * it will publish to (whose own versions' files count as known too).
 */
public record MissingDigestsRequest(String websiteId, List<String> sha256) {
}
