package io.sites.app.webapp;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.springframework.stereotype.Component;

/** How pages show an instant: to the minute, in UTC, the same everywhere ({@code ${@times.format(at)}}). */
@Component("times")
public class Times {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    public String format(Instant at) {
        return at == null ? "" : FORMAT.format(at);
    }
}
