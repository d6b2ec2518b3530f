package io.sites.app.webapp;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * How pages show an instant (to the minute, in UTC, the same everywhere: {@code ${@times.format(at)}}) and a size
 * ({@code ${@times.bytes(n)}}, in the binary units the specification writes its limits in: "50 MB" is 52428800).
 */
@Component("times")
public class Times {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    public String format(Instant at) {
        return at == null ? "" : FORMAT.format(at);
    }

    public String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + (bytes == 1 ? " byte" : " bytes");
        }
        double kb = bytes / 1024.0;
        return kb < 1024 ? String.format(Locale.ROOT, "%.1f KB", kb)
                : String.format(Locale.ROOT, "%.1f MB", kb / 1024.0);
    }
}
