package io.sites.api.json;

import java.util.List;

/** findMissingDigests: the digests asked about that a publish could not name, each once, in the order asked. */
public record MissingDigestsResult(List<String> missing) {
}
