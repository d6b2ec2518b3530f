package io.sites.app.webapp;

import io.sites.app.identity.Usernames;
import io.sites.limits.RateWindow;
import io.sites.limits.RateWindows;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Slows password guessing down, the same on every replica: failures count in the shared rate window, and a sign-in
 * is refused while the current 15-minute window holds {@value #PER_USERNAME} failures for the username or
 * {@value #PER_ADDRESS} from the client address. Refused attempts are not counted, so the refusal lifts when the
 * window that holds the failures ends, at most 15 minutes after them. A success forgets the username's failures but
 * not the address's, so an attacker cannot clear the address count by signing in to an account of their own
 * between guesses.
 */
@Component
class SignInThrottle {
    static final int PER_USERNAME = 5;
    static final int PER_ADDRESS = 20;
    static final Duration WINDOW = Duration.ofMinutes(15);

    private final RateWindow usernames;
    private final RateWindow addresses;

    SignInThrottle(RateWindows windows) {
        this.usernames = windows.window("sign-in-username", WINDOW, PER_USERNAME);
        this.addresses = windows.window("sign-in-address", WINDOW, PER_ADDRESS);
    }

    boolean refused(String username, String address) {
        return usernames.spent(key(username)) || addresses.spent(address);
    }

    void failed(String username, String address) {
        // A failure that finds its window already spent (a race past refused()) changes nothing: it stays refused.
        usernames.take(key(username), 1);
        addresses.take(address, 1);
    }

    void succeeded(String username) {
        usernames.forget(key(username));
    }

    private static String key(String username) {
        return Usernames.normalize(username);
    }
}
