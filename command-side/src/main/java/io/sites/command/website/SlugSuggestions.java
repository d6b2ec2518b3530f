package io.sites.command.website;

import io.sites.api.site.Slug;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/**
 * suggestSlug's answer. It lives on the command side because the slug claims it consults are the command side's
 * set-validation table, the one authority on which slugs are taken; the read model only learns of a claim later
 * and must not read that table itself. An answer is advice: only the claim at publish time decides.
 */
@Service
public class SlugSuggestions {
    private static final int CANDIDATES = 200;
    private static final String FALLBACK_BASE = "my-site";
    /** Lowercase letters, digits and hyphens: what was meant as a slug; anything else is a name. */
    private static final Pattern SLUG_SHAPED = Pattern.compile("[a-z0-9-]+");

    private final SlugClaims claims;

    SlugSuggestions(SlugClaims claims) {
        this.claims = claims;
    }

    /**
     * @param slug       the input in slug form
     * @param valid      whether the input itself is a well-formed, unreserved slug
     * @param available  whether the input can be claimed now (false when invalid)
     * @param suggestion an available slug derived from the input; the input itself when available
     * @param message    why the input is not usable; empty when it is
     */
    public record Suggestion(String slug, boolean valid, boolean available, String suggestion,
            Optional<String> message) {
    }

    public Suggestion suggest(String value) {
        String normalized = Slug.normalize(value);
        Optional<String> problem = Slug.problem(value);
        if (problem.isEmpty() && claims.isFree(value)) {
            return new Suggestion(value, true, true, value, Optional.empty());
        }
        String suggestion = available(value);
        return new Suggestion(normalized, problem.isEmpty(), false, suggestion,
                Optional.of(message(value, normalized, problem, suggestion)));
    }

    /**
     * What happened and what to do. A name ("Lakeside Yoga Studio") is not refused as a slug would be: valid and
     * available are false because the input itself is no slug, so the message says so and whether its slug form is
     * free, lest "not available" read as "taken".
     */
    private String message(String value, String normalized, Optional<String> problem, String suggestion) {
        String advice = "use the suggestion " + suggestion + ".";
        if (problem.isEmpty()) {
            return "The slug '" + value + "' is taken (a deleted website's slug stays reserved for 30 days): "
                    + advice;
        }
        if (!SLUG_SHAPED.matcher(value).matches()) {
            String form = normalized.isEmpty() ? "it has no slug form"
                    : "its slug form " + normalized + " " + Slug.problem(normalized)
                            .map(why -> "is not usable either (" + why + ")")
                            .orElse(claims.isFree(normalized) ? "is free" : "is taken");
            return "'" + value + "' is a name, not a slug; " + form + ": " + advice;
        }
        return problem.get() + " Use the suggestion " + suggestion + ".";
    }

    private String available(String value) {
        String base = Slug.base(value);
        if (!Slug.isValid(base)) {
            base = FALLBACK_BASE;
        }
        for (int n = 1; n <= CANDIDATES; n++) {
            String candidate = Slug.candidate(base, n);
            if (Slug.isValid(candidate) && claims.isFree(candidate)) {
                return candidate;
            }
        }
        // A crowded name: a random suffix is free with near certainty and still derived from the input.
        while (true) {
            String candidate = Slug.candidate(base, CANDIDATES + 1 + ThreadLocalRandom.current().nextInt(1_000_000));
            if (claims.isFree(candidate)) {
                return candidate;
            }
        }
    }
}
