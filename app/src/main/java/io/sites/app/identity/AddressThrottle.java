package io.sites.app.identity;

import io.sites.limits.RateWindows;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Limits what one client address may do at a door open to anyone (sign-up, OAuth client registration), the same on
 * every replica: each kind of door counts its attempts per address in the shared rate window, hour by hour, and an
 * attempt is refused while the current hour holds the limit of them. Behind a proxy,
 * {@code server.forward-headers-strategy} must make the address the client's.
 */
@Component
public class AddressThrottle {
    /**
     * The window of every limit here; also the Retry-After of a refusal, which the hour's window has surely ended by
     * (docs/DECISIONS.md, "One rate window").
     */
    public static final Duration WINDOW = Duration.ofHours(1);

    private final RateWindows windows;

    AddressThrottle(RateWindows windows) {
        this.windows = windows;
    }

    /** Counts the attempt and says whether it may go on; a refused attempt is not counted. */
    public boolean admit(String kind, String address, int perHour) {
        return windows.window(kind, WINDOW, perHour).take(address, 1).isEmpty();
    }
}
