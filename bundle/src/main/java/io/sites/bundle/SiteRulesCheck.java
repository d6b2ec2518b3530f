package io.sites.bundle;

import io.sites.api.site.ServedPaths;
import io.sites.api.code.ViolationCode;
import io.sites.api.site.rules.HeaderRules;
import io.sites.api.site.rules.RedirectRules;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The site rules files at the bundle's root, {@code _redirects} and {@code _headers}: parsed by the parser the site
 * server serves with, so a file a publish accepts is one the server reads the same way; and, knowing every path, a
 * rewrite or error page must name a file the site has.
 */
final class SiteRulesCheck {
    private SiteRulesCheck() {
    }

    /** Whether the file is one of the rules files, whose bytes the check needs in memory. */
    static boolean isRulesFile(String path) {
        return RedirectRules.FILE.equals(path) || HeaderRules.FILE.equals(path);
    }

    /** The addresses the bundle's files answer at: as named, without .html, and a folder's index at the folder. */
    private static List<String> servedPaths(Set<String> paths) {
        List<String> served = new ArrayList<>();
        for (String path : paths) {
            if (isRulesFile(path)) {
                continue;
            }
            served.add("/" + path);
            if (path.endsWith("index.html")) {
                served.add("/" + path.substring(0, path.length() - "index.html".length()));
            } else if (path.endsWith(".html")) {
                served.add("/" + path.substring(0, path.length() - ".html".length()));
            }
        }
        return served;
    }

    static void check(List<FileEntry> entries) {
        Set<String> paths = new HashSet<>();
        for (FileEntry e : entries) {
            if (e.path != null && e.pathValid) {
                paths.add(e.path);
            }
        }
        for (FileEntry e : entries) {
            if (e.bytes == null || !e.pathValid || !isRulesFile(e.path)) {
                continue;
            }
            String text = new String(e.bytes, StandardCharsets.UTF_8);
            if (HeaderRules.FILE.equals(e.path)) {
                HeaderRules rules = HeaderRules.parse(text);
                rules.violations().forEach(e.findings::add);
                rules.checkPaths(servedPaths(paths)).forEach(e.findings::add);
                continue;
            }
            RedirectRules rules = RedirectRules.parse(text);
            rules.violations().forEach(e.findings::add);
            for (RedirectRules.Rule rule : rules.rules()) {
                String to = rule.to();
                boolean servesPage = !rule.redirect() && !rule.external();
                if (!servesPage || to.indexOf(':') >= 0) {
                    continue; // a target with placeholders names files only once a request fills it in
                }
                Optional<String> decoded = ServedPaths.decode(to.split("[?#]", 2)[0]);
                if (decoded.isEmpty() || ServedPaths.served(decoded.get(),
                        p -> paths.contains(p) ? Optional.of(p) : Optional.<String>empty()).isEmpty()) {
                    e.findings.add(ViolationCode.REDIRECT_TARGET_MISSING, "_redirects line " + rule.line()
                                    + ": the status " + rule.status() + " serves " + "\"" + to
                                    + "\", which names no file of the bundle.",
                            "line " + rule.line() + ": Add the file, or point the rule at a page the bundle has.");
                }
            }
        }
    }
}
