package io.sites.app.identity;

import io.sites.api.id.AccountId;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * SITES_SEED_TOKENS=alice=&lt;token&gt;,bob=&lt;token&gt; creates those accounts and registers those tokens at
 * start-up, for operators and tests. A malformed entry stops the start with a message that says why.
 */
@Component
@EnableConfigurationProperties(IdentityProperties.class)
class SeedTokens implements InitializingBean {
    private static final java.util.regex.Pattern USERNAME = java.util.regex.Pattern.compile("[a-z][a-z0-9_-]{0,63}");

    private final String seed;
    private final Accounts accounts;
    private final AccessTokens tokens;

    SeedTokens(IdentityProperties properties, Accounts accounts, AccessTokens tokens) {
        this.seed = properties.seedTokens();
        this.accounts = accounts;
        this.tokens = tokens;
    }

    @Override
    public void afterPropertiesSet() {
        parse(seed).forEach((token, username) -> {
            AccountId account = accounts.createIfAbsent(username);
            tokens.register(account, "seeded", token, null);
        });
    }

    /** token → username, in order. */
    static Map<String, String> parse(String seed) {
        Map<String, String> entries = new LinkedHashMap<>();
        if (seed == null || seed.isBlank()) {
            return entries;
        }
        for (String entry : seed.split(",")) {
            String trimmed = entry.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            int eq = trimmed.indexOf('=');
            if (eq <= 0) {
                throw new IllegalStateException("SITES_SEED_TOKENS: entry '" + redact(trimmed)
                        + "' is not of the form username=token");
            }
            String username = trimmed.substring(0, eq).strip();
            String token = trimmed.substring(eq + 1).strip();
            if (!USERNAME.matcher(username).matches()) {
                throw new IllegalStateException("SITES_SEED_TOKENS: username '" + username
                        + "' must match [a-z][a-z0-9_-]{0,63}");
            }
            if (!AccessTokens.SEEDABLE.matcher(token).matches()) {
                throw new IllegalStateException("SITES_SEED_TOKENS: the token for '" + username + "' must be at "
                        + "least 32 characters of [A-Za-z0-9_-] (with or without the " + AccessTokens.PREFIX
                        + " prefix); it has " + token.length() + " characters");
            }
            if (entries.putIfAbsent(token, username) != null) {
                throw new IllegalStateException("SITES_SEED_TOKENS: one token is given for two accounts");
            }
        }
        return entries;
    }

    /** Never echo a secret into a log or an exception. */
    private static String redact(String text) {
        return text.length() <= 6 ? "…" : text.substring(0, 3) + "…";
    }
}
