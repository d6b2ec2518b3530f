package io.sites.app.web;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * What the REST API, the MCP endpoint and the web application's uploads read of {@code sites.*}: the request limits
 * and the data directory that request bodies spool to: HTTP's alone (what the operations read is UseCaseProperties).
 * Each has an environment variable of its own (SITES_MAX_REQUEST_BYTES, SITES_BODY_MEMORY_BYTES, ...), mapped with
 * its default in application.yml.
 */
@ConfigurationProperties("sites")
public record ApiProperties(Path dataDir, Limits limits) {

    /**
     * @param requestBytes         largest request body, also the web application's largest upload
     * @param bodyMemoryBytes      heap for request bodies being read, shared by all requests; 0: half the heap
     * @param bodyMemoryWait       how long a body waits for that heap before a 503
     * @param decodeWhileReadAbove publish bodies above this are decoded from a spooled file instead of bound whole
     */
    public record Limits(long requestBytes, long bodyMemoryBytes, Duration bodyMemoryWait,
            DataSize decodeWhileReadAbove) {
    }
}
