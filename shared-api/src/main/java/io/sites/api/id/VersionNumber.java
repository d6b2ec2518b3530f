package io.sites.api.id;

import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A version number as a path or a query writes it: a positive int, no sign, no leading zero, no fraction. Every door
 * reads numbers here, so "0", "01", "1.0" and "latest" mean no version everywhere alike.
 */
public final class VersionNumber {
    private static final Pattern WRITTEN = Pattern.compile("[1-9][0-9]{0,8}");

    private VersionNumber() {
    }

    /** The number, or empty when the text is not one. */
    public static OptionalInt parse(String text) {
        return text != null && WRITTEN.matcher(text).matches() ? OptionalInt.of(Integer.parseInt(text))
                : OptionalInt.empty();
    }
}
