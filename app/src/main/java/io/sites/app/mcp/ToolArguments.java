package io.sites.app.mcp;

import io.sites.api.code.ErrorCode;
import io.sites.api.json.ErrorBody;
import io.sites.app.web.ApiErrors;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpStatus;

/**
 * A tool call's top-level arguments held against the tool's input schema before anything runs: an argument the
 * tool does not take is named (with the one it most likely meant), and so is a missing required argument that is a
 * REST path or query parameter. An agent that wrote {@code id} for {@code websiteId} is told so, instead of being
 * answered about a website called null. The values, and body fields left out, are the REST binding's and the
 * operation's to check, so a mistake a REST body can make is told in the same words by either route.
 */
final class ToolArguments {
    private final String tool;
    private final Set<String> names;
    private final Set<String> required;
    private final Set<String> parameters;

    private ToolArguments(String tool, Set<String> names, Set<String> required, Set<String> parameters) {
        this.tool = tool;
        this.names = names;
        this.required = required;
        this.parameters = parameters;
    }

    /**
     * The arguments of {@code tool} as its input schema declares them; {@code parameters} are its required path and
     * query parameters, which no rule of the operation names when they are missing.
     */
    static ToolArguments of(String tool, Map<String, Object> inputSchema, Set<String> parameters) {
        Set<String> names = new LinkedHashSet<>();
        if (inputSchema.get("properties") instanceof Map<?, ?> properties) {
            properties.keySet().forEach(name -> names.add(name.toString()));
        }
        Set<String> required = new LinkedHashSet<>();
        if (inputSchema.get("required") instanceof Collection<?> listed) {
            listed.forEach(name -> required.add(name.toString()));
        }
        return new ToolArguments(tool, names, required, Set.copyOf(parameters));
    }

    /** The failure to answer when the arguments do not fit the schema; empty when they do. */
    Optional<ApiErrors.Failure> check(Map<String, Object> arguments) {
        Map<String, String> fields = new LinkedHashMap<>();
        List<String> said = new ArrayList<>();
        arguments.keySet().stream().filter(name -> !names.contains(name)).forEach(name -> {
            String meant = meant(name);
            fields.put(name, "Not an argument of " + tool + (meant == null ? "." : "; did you mean " + meant + "?"));
            said.add(name + " is not an argument" + (meant == null ? "" : " (did you mean " + meant + "?)"));
        });
        parameters.stream().filter(name -> arguments.get(name) == null).forEach(name -> {
            fields.put(name, "Required.");
            said.add(name + " is required");
        });
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        String message = tool + " was called with arguments that do not fit it: " + String.join("; ", said)
                + ". It takes " + taken() + ".";
        ErrorCode code = ErrorCode.VALIDATION_FAILED;
        return Optional.of(new ApiErrors.Failure(HttpStatus.valueOf(code.status()),
                ErrorBody.of(code.name(), message, fields, null), Map.of()));
    }

    /** Its arguments as a model reads them: each name, with "required" where it is. */
    private String taken() {
        if (names.isEmpty()) {
            return "no arguments";
        }
        return String.join(", ", names.stream().map(name -> required.contains(name) ? name + " (required)" : name)
                .toList());
    }

    /**
     * The argument a wrong name most likely meant: the nearest by edit distance ignoring case (at most a third of
     * its length, at least one edit), else the only one that ends with it ({@code id} for {@code websiteId}).
     */
    private String meant(String wrong) {
        String lower = wrong.toLowerCase(Locale.ROOT);
        return names.stream()
                .filter(name -> distance(lower, name.toLowerCase(Locale.ROOT)) <= Math.max(1, name.length() / 3))
                .min(Comparator.comparingInt(name -> distance(lower, name.toLowerCase(Locale.ROOT))))
                .orElseGet(() -> {
                    List<String> ending = names.stream()
                            .filter(name -> lower.length() >= 2 && name.toLowerCase(Locale.ROOT).endsWith(lower))
                            .toList();
                    return ending.size() == 1 ? ending.getFirst() : null;
                });
    }

    /** Levenshtein's distance: insertions, deletions and substitutions. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
