package io.sites.app.pictures;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sites.pictures.*}: whether versions are photographed ({@code SITES_PICTURES}, on by default), with which
 * Chromium ({@code SITES_PICTURES_CHROMIUM}, Debian's path by default: a missing binary means the icon fallback),
 * how long one picture may take before its process is killed, the window it is taken at, and how many wait their
 * turn (more are skipped: a burst of publishes never queues unbounded work). {@code sitePort}: where this replica's
 * site server listens on loopback; empty means its own site port, else the API's port (sites on the same port).
 */
@ConfigurationProperties("sites.pictures")
record PictureProperties(@DefaultValue("true") boolean enabled, @DefaultValue("/usr/bin/chromium") Path chromium,
        @DefaultValue("30s") Duration timeout, @DefaultValue("1280") int width, @DefaultValue("800") int height,
        @DefaultValue("64") int queue, Integer sitePort) {
}
