package io.sites.api.site;

import java.text.Normalizer;
import java.util.Optional;
import java.util.Set;

/**
 * The subdomain label of a website. Rules: 3 to 50 characters, {@code ^[a-z][a-z0-9-]*$}, no trailing hyphen,
 * no {@code --} (kept for preview hosts such as {@code v2--shop}, see {@link SiteAddress}), not a reserved name.
 */
public final class Slug {
    public static final int MIN_LENGTH = 3;
    public static final int MAX_LENGTH = 50;

    /** Names that would shadow the service's own hosts or mislead visitors. */
    public static final Set<String> RESERVED = Set.of(
            "www", "api", "app", "mcp", "admin", "docs", "static", "assets", "cdn", "mail", "smtp", "ftp",
            "status", "help", "support", "blog", "dashboard", "console", "auth", "login", "signin", "signup",
            "oauth", "account", "accounts", "billing", "security", "root", "system", "internal", "preview",
            "staging", "dev", "test", "localhost", "sites", "site", "webmaster", "hostmaster", "postmaster",
            "abuse", "noc", "ns", "ns1", "ns2", "dns", "public", "upload", "uploads", "files", "media");

    private Slug() {
    }

    /** Why the value is not a well-formed, claimable slug; empty when it is one. */
    public static Optional<String> problem(String value) {
        if (value == null || value.isEmpty()) {
            return Optional.of("The slug is empty.");
        }
        if (value.length() < MIN_LENGTH || value.length() > MAX_LENGTH) {
            return Optional.of("A slug has " + MIN_LENGTH + " to " + MAX_LENGTH + " characters; this one has "
                    + value.length() + ".");
        }
        if (!value.matches("[a-z][a-z0-9-]*")) {
            return Optional.of("A slug starts with a lowercase letter and contains only lowercase letters, digits "
                    + "and hyphens (pattern ^[a-z][a-z0-9-]*$).");
        }
        if (value.endsWith("-")) {
            return Optional.of("A slug does not end with a hyphen.");
        }
        if (value.contains(SiteAddress.PREVIEW_SEPARATOR)) {
            return Optional.of("A slug does not contain two hyphens in a row; they are kept for preview hosts.");
        }
        if (RESERVED.contains(value)) {
            return Optional.of("The slug '" + value + "' is reserved by the service.");
        }
        return Optional.empty();
    }

    public static boolean isValid(String value) {
        return problem(value).isEmpty();
    }

    /**
     * Turns any text into slug form: lowercase, accents transliterated, every run of other characters a single
     * hyphen, a leading letter ensured, trimmed to the maximum length. The result may still be reserved or short.
     */
    public static String normalize(String text) {
        if (text == null) {
            return "";
        }
        String ascii = Normalizer.normalize(text, Normalizer.Form.NFKD)
                .replace("ß", "ss").replace("æ", "ae").replace("Æ", "ae").replace("ø", "o").replace("Ø", "o")
                .replace("œ", "oe").replace("Œ", "oe").replace("đ", "d").replace("Đ", "d").replace("ł", "l")
                .replace("Ł", "l").replace("þ", "th").replace("ð", "d")
                .replaceAll("\\p{M}+", "")
                .toLowerCase(java.util.Locale.ROOT);
        String slug = ascii.replaceAll("[^a-z0-9]+", "-").replaceAll("^[-0-9]+", "");
        if (slug.length() > MAX_LENGTH) {
            slug = slug.substring(0, MAX_LENGTH);
        }
        return slug.replaceAll("-+$", "");
    }

    /**
     * The candidate slugs for a name, best first: the normalized name, then the same with -2, -3, ... suffixes
     * (trimmed so the suffix fits). Falls back to "site" when the name yields nothing usable.
     */
    public static String base(String name) {
        String base = normalize(name);
        if (base.length() < MIN_LENGTH || RESERVED.contains(base)) {
            base = base.isEmpty() ? "site" : base + "-site";
        }
        if (!isValid(base)) {
            base = "site";
        }
        return base;
    }

    /** The n-th candidate for a base (n = 1 is the base itself). */
    public static String candidate(String base, int n) {
        if (n <= 1) {
            return base;
        }
        String suffix = "-" + n;
        String head = base.length() + suffix.length() > MAX_LENGTH
                ? base.substring(0, MAX_LENGTH - suffix.length()).replaceAll("-+$", "")
                : base;
        return head + suffix;
    }
}
