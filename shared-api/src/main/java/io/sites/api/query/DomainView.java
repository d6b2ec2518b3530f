package io.sites.api.query;

import io.sites.api.DomainStatus;
import java.time.Instant;

/**
 * One custom domain of a website: its status, the token its TXT record must carry, and the last check's time and
 * reason (null when the last check found the record, or before any). No certificate yet (issue 34, items 4-5).
 */
public record DomainView(String hostname, DomainStatus status, String token, String reason, Instant checkedAt) {
}
