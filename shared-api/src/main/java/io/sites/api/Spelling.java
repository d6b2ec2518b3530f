package io.sites.api;

import java.util.Locale;

/** How the spec spells statuses, kinds, roles and categories (lower case, {@code real_estate}), both ways. */
final class Spelling {
    private Spelling() {
    }

    static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /** The constant spelled so; null stays null (a value not there yet), anything else unknown is refused. */
    static <E extends Enum<E>> E parse(Class<E> type, String wire) {
        if (wire == null) {
            return null;
        }
        for (E value : type.getEnumConstants()) {
            if (of(value).equals(wire)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName() + ": " + wire);
    }
}
