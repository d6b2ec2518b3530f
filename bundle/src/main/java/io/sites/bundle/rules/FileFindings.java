package io.sites.bundle.rules;

import io.sites.api.site.policy.ContentPolicy.Load;
import java.util.ArrayList;
import java.util.List;

/**
 * What the authoring rules found in one file that the rest of the bundle can change the verdict on: the references
 * the link check judges and the loads the policy check blocks, in document order. Together with "no violations" it
 * is all a file's own check yields, and it depends only on the file's bytes, the type the rules read it as, its path
 * and {@link AuthoringRules#VERSION}; so a later publish of the same bytes at the same path replays it
 * ({@link Findings#replay}) against that bundle's paths instead of reading and parsing the bytes again.
 *
 * @param references the references the link check judges (those that can name a file of a bundle at all)
 * @param blocked    the loads the sites' policy blocks
 */
public record FileFindings(List<Reference> references, List<Blocked> blocked) {

    public FileFindings {
        references = List.copyOf(references);
        blocked = List.copyOf(blocked);
    }

    /** @param base the URL path it resolves against, or null for the file's own (no {@code <base href>}) */
    public record Reference(int line, String target, String base) {
    }

    public record Blocked(int line, String target, Load load) {
    }

    /** As stored: {@code r<line>:<base><target>} and {@code b<line>:<load><target>}, each string as length:chars. */
    public String encode() {
        StringBuilder out = new StringBuilder();
        for (Reference r : references) {
            out.append('r').append(r.line()).append(':');
            string(out, r.base());
            string(out, r.target());
        }
        for (Blocked b : blocked) {
            out.append('b').append(b.line()).append(':');
            string(out, b.load().name());
            string(out, b.target());
        }
        return out.toString();
    }

    /** The findings {@link #encode} wrote; throws IllegalArgumentException for anything else. */
    public static FileFindings decode(String text) {
        List<Reference> references = new ArrayList<>();
        List<Blocked> blocked = new ArrayList<>();
        int[] at = {0};
        try {
            while (at[0] < text.length()) {
                char kind = text.charAt(at[0]++);
                int line = number(text, at);
                if (kind == 'r') {
                    String base = string(text, at);
                    references.add(new Reference(line, string(text, at), base));
                } else if (kind == 'b') {
                    Load load = Load.valueOf(string(text, at));
                    blocked.add(new Blocked(line, string(text, at), load));
                } else {
                    throw new IllegalArgumentException("unknown entry '" + kind + "' at " + (at[0] - 1));
                }
            }
        } catch (IndexOutOfBoundsException | NullPointerException truncated) {
            throw new IllegalArgumentException("truncated findings", truncated);
        }
        return new FileFindings(references, blocked);
    }

    private static void string(StringBuilder out, String s) {
        if (s == null) {
            out.append("-1:");
        } else {
            out.append(s.length()).append(':').append(s);
        }
    }

    private static String string(String text, int[] at) {
        int length = number(text, at);
        if (length < 0) {
            return null;
        }
        String s = text.substring(at[0], at[0] + length);
        at[0] += length;
        return s;
    }

    private static int number(String text, int[] at) {
        int colon = text.indexOf(':', at[0]);
        int n = Integer.parseInt(text, at[0], colon, 10);
        at[0] = colon + 1;
        return n;
    }

    /** Collects a file's findings while the rules run over it ({@link Findings#record}). */
    static final class Recorder {
        private final List<Reference> references = new ArrayList<>();
        private final List<Blocked> blocked = new ArrayList<>();
        /** The URL path of the file's own path: a reference resolving against it is stored without a base. */
        private final String ownBase;

        Recorder(String ownBase) {
            this.ownBase = ownBase;
        }

        void reference(int line, String target, String base) {
            if (LinkCheck.problem(target, base, java.util.Set.of()) != null) { // judged at all: it can be broken
                references.add(new Reference(line, target, base.equals(ownBase) ? null : base));
            }
        }

        void load(int line, String target, Load load) {
            if (io.sites.api.site.policy.ContentPolicy.blocks(load, OriginCheck.scheme(target))) {
                blocked.add(new Blocked(line, target, load));
            }
        }

        FileFindings findings() {
            return new FileFindings(references, blocked);
        }
    }
}
