package io.sites.app.identity;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Usernames: 3 to 32 of a-z, 0-9, '-' and '_', starting with a letter or digit; compared in lower case. */
public final class Usernames {
    private static final Pattern VALID = Pattern.compile("[a-z0-9][a-z0-9_-]{2,31}");

    private Usernames() {
    }

    public static String normalize(String username) {
        return username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
    }

    /** Why a username is refused, or empty when it is acceptable. */
    public static Optional<String> problemWith(String username) {
        return VALID.matcher(normalize(username)).matches() ? Optional.empty()
                : Optional.of("Use 3 to 32 letters, digits, '-' or '_', starting with a letter or digit.");
    }
}
