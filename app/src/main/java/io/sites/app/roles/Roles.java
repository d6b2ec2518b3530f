package io.sites.app.roles;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.springframework.core.env.Environment;

/**
 * The roles of this replica, read once from {@code sites.roles} ({@code SITES_ROLES}): {@code api}, {@code sites} or
 * both, comma-separated in any order and case; unset or blank is both, the single-process embedded default.
 */
public record Roles(Set<ServiceRole> roles) {
    public static final String PROPERTY = "sites.roles";
    static final String REFUSAL = "SITES_ROLES (sites.roles) must be api, sites or api,sites (the default); it is '%s'";

    public Roles {
        roles = Set.copyOf(roles);
    }

    /** This replica's roles; a value that names no role fails startup with {@link #REFUSAL}. */
    public static Roles of(Environment environment) {
        return parse(environment.getProperty(PROPERTY, ""));
    }

    static Roles parse(String value) {
        if (value.isBlank()) {
            return new Roles(EnumSet.allOf(ServiceRole.class));
        }
        EnumSet<ServiceRole> named = EnumSet.noneOf(ServiceRole.class);
        for (String word : value.split(",", -1)) {
            named.add(switch (word.strip().toLowerCase(Locale.ROOT)) {
                case "api" -> ServiceRole.API;
                case "sites" -> ServiceRole.SITES;
                default -> throw new IllegalArgumentException(REFUSAL.formatted(value));
            });
        }
        return new Roles(named);
    }

    public boolean has(ServiceRole role) {
        return roles.contains(role);
    }

    /** Only this role: a replica that has no other. */
    public boolean only(ServiceRole role) {
        return roles.equals(Set.of(role));
    }
}
