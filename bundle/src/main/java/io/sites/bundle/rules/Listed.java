package io.sites.bundle.rules;

import io.sites.api.code.Violation;
import io.sites.api.code.ViolationCode;
import io.sites.api.code.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * How much of a bundle's findings an answer lists. A hostile (or generated) file can break one rule a million times
 * (a 10 MB page of external scripts made a 75 MB refusal that took 30 s to write), and its broken links would be
 * stored with the version; so each rule is listed at most {@value #PER_RULE_AND_FILE} times per file, with one
 * closing entry counting the rest, and a report holds at most {@value #IN_ALL} entries, the rest counted per rule.
 * Every rule a file breaks is still named; the same fix repairs the entries not listed. UNKNOWN_DIGEST is the
 * exception: its entries are the client's to-do list (which files to send), so all are listed; there is at most one
 * per file of the request, so the answer stays linear in the request (issue 38, big sites).
 */
public final class Listed {
    /** Entries of one rule listed per file; the rest are counted in one entry of that rule. */
    public static final int PER_RULE_AND_FILE = 20;
    /** Entries a report lists in all, before one entry per rule counts what is left. */
    public static final int IN_ALL = 1_000;
    private static final String UNKNOWN_DIGEST = ViolationCode.UNKNOWN_DIGEST.name();

    private Listed() {
    }

    /** The closing entry of a file's violations of one rule, after the first {@value #PER_RULE_AND_FILE}. */
    static Violation moreViolations(String code, String path, String file, long more) {
        return Violation.of(code, path, more(more) + " " + code + " in " + file + ", not listed: the first "
                + PER_RULE_AND_FILE + " are.", "The fix of the listed ones repairs these too.");
    }

    /** The closing entry of a file's broken links, after the first {@value #PER_RULE_AND_FILE}. */
    static Warning moreWarnings(String code, String path, String file, long more) {
        return new Warning(code, more(more) + " " + code + " in " + file + ", not listed: the first "
                + PER_RULE_AND_FILE + " are.", path, null);
    }

    /** At most {@value #IN_ALL} of a bundle's violations, then one entry per rule for the rest. */
    public static List<Violation> violations(List<Violation> all) {
        if (all.size() > IN_ALL && all.stream().anyMatch(v -> UNKNOWN_DIGEST.equals(v.code()))) {
            List<Violation> listed = new ArrayList<>();
            List<Violation> others = new ArrayList<>();
            all.forEach(v -> (UNKNOWN_DIGEST.equals(v.code()) ? listed : others).add(v));
            listed.addAll(violations(others));
            return listed;
        }
        return inAll(all, Violation::code, Violation::path, (code, rest) -> Violation.of(code, null,
                rest, "Fix the listed violations and publish again to see the rest."));
    }

    /** At most {@value #IN_ALL} of a bundle's warnings, then one entry per rule for the rest. */
    public static List<Warning> warnings(List<Warning> all) {
        return inAll(all, Warning::code, Warning::path, (code, rest) -> new Warning(code, rest, null, null));
    }

    private interface Closing<T> {
        T of(String code, String message);
    }

    private static <T> List<T> inAll(List<T> all, Function<T, String> code, Function<T, String> path,
            Closing<T> closing) {
        if (all.size() <= IN_ALL) {
            return all;
        }
        List<T> listed = new ArrayList<>(all.subList(0, IN_ALL));
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, Set<String>> files = new LinkedHashMap<>();
        for (T rest : all.subList(IN_ALL, all.size())) {
            counts.computeIfAbsent(code.apply(rest), c -> new long[1])[0]++;
            files.computeIfAbsent(code.apply(rest), c -> new LinkedHashSet<>()).add(String.valueOf(path.apply(rest)));
        }
        counts.forEach((rule, count) -> listed.add(closing.of(rule, more(count[0]) + " " + rule + " entries in "
                + files.get(rule).size() + (files.get(rule).size() == 1 ? " file" : " files")
                + ", not listed: a report lists " + IN_ALL + " entries.")));
        return listed;
    }

    private static String more(long count) {
        return String.format(java.util.Locale.ROOT, "%,d more", count);
    }
}
