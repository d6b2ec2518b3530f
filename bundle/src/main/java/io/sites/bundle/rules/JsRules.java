package io.sites.bundle.rules;

import io.sites.api.code.ViolationCode;
import io.sites.api.site.policy.ContentPolicy.Load;
import io.sites.bundle.rules.JsTokens.Kind;
import io.sites.bundle.rules.JsTokens.Token;
import java.util.HashSet;
import java.util.Set;

/**
 * Authoring rules on JavaScript (files, inline scripts, event handler attributes and javascript: URLs): no module
 * or worker imports from another origin, no service worker registration; and the addresses a script connects to
 * with a literal (fetch, XMLHttpRequest's open, WebSocket, EventSource, Request, sendBeacon) handed to the policy
 * check. Works on tokens, so comments and strings that merely mention a URL do not count.
 *
 * <p>A change to what these rules find must bump {@link AuthoringRules#VERSION}: findings are kept by content.
 */
final class JsRules {

    private static final Set<String> IMPORT_CLAUSE_PUNCT = Set.of("*", "{", "}", ",");
    /** How far a rule may look ahead of the current token; the window keeps a few tokens behind it as well. */
    private static final int AHEAD = 1000;

    private final String source;
    private final Window t;
    private final int firstLine;
    private final String where;
    private final Findings out;

    /**
     * @param firstLine line in the file on which the source starts
     * @param where     where in the file the source is, for messages, for example " in a <script> element"; "" for
     *                  a JavaScript file
     */
    private JsRules(String source, int firstLine, String where, Findings out) {
        this.source = source;
        this.t = new Window(new JsTokens(source));
        this.firstLine = firstLine;
        this.where = where;
        this.out = out;
    }

    static void check(String source, int firstLine, String where, Findings out) {
        new JsRules(source, firstLine, where, out).run();
    }

    /** An import map: every address an entry maps to must be inside the site. */
    static void checkImportMap(String source, int firstLine, Findings out) {
        new JsRules(source, firstLine, " in an import map (<script type=\"importmap\">)", out).importMap();
    }

    private void run() {
        Set<String> serviceWorkerAliases = new HashSet<>();
        for (int i = 0; t.get(i) != null; i++) {
            Token tok = t.get(i);
            if (tok.kind() == Kind.IDENT && !memberAccess(i - 1)) {
                switch (tok.text()) {
                    case "import" -> importAt(i);
                    case "export" -> exportAt(i);
                    default -> { }
                }
            }
            if (tok.isIdent("importScripts") && is(i + 1, "(")) {
                importScriptsAt(i);
            }
            serviceWorkerAt(i, serviceWorkerAliases);
            connectAt(i);
        }
    }

    // ---- connections -----------------------------------------------------------------------------------------

    /**
     * {@code fetch("…")}, {@code navigator.sendBeacon("…")}, {@code new WebSocket("…")}, {@code new EventSource("…")},
     * {@code new Request("…")} and {@code xhr.open("GET", "…")}: the literal address (a template's text before its
     * first substitution) is what the page connects to.
     */
    private void connectAt(int i) {
        Token tok = t.get(i);
        if (tok.kind() != Kind.IDENT || !is(i + 1, "(")) {
            return;
        }
        boolean constructed = t.get(i - 1) != null && t.get(i - 1).isIdent("new");
        int address = switch (tok.text()) {
            case "fetch", "sendBeacon" -> i + 2;
            case "WebSocket", "EventSource", "Request" -> constructed ? i + 2 : -1;
            case "open" -> memberAccess(i - 1) && kind(i + 2) == Kind.STRING && httpMethod(t.get(i + 2).value())
                    && is(i + 3, ",") ? i + 4 : -1;
            default -> -1;
        };
        Token literal = address < 0 ? null : t.get(address);
        if (literal != null && literal.literal() != null) {
            out.load(line(address), literal.literal(), Load.CONNECT);
        }
    }

    /** Whether XMLHttpRequest's first argument could be this: a method name, where window.open has an address. */
    private static boolean httpMethod(String value) {
        if (value == null || value.isEmpty() || value.length() > 10) {
            return false;
        }
        for (int k = 0; k < value.length(); k++) {
            char c = value.charAt(k);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')) {
                return false;
            }
        }
        return true;
    }

    // ---- imports ----------------------------------------------------------------------------------------------

    private void importAt(int i) {
        if (is(i + 1, "(")) {
            moduleSpecifier(i + 2, i, "dynamic import()");
        } else if (is(i + 1, ".")) {
            return; // import.meta
        } else if (kind(i + 1) == Kind.STRING) {
            moduleSpecifier(i + 1, i, "import");
        } else {
            fromClause(i, "import");
        }
    }

    private void exportAt(int i) {
        if (is(i + 1, "*") || is(i + 1, "{")) {
            fromClause(i, "export … from");
        }
    }

    /** Follows an import or export clause up to {@code from "specifier"}. */
    private void fromClause(int start, String form) {
        for (int j = start + 1; t.get(j) != null && j < start + 500; j++) {
            Token tok = t.get(j);
            if (tok.isIdent("from") && j > start + 1 && kind(j + 1) == Kind.STRING) {
                moduleSpecifier(j + 1, start, form);
                return;
            }
            boolean clausePart = tok.kind() == Kind.IDENT || tok.kind() == Kind.STRING
                    || tok.kind() == Kind.PUNCT && IMPORT_CLAUSE_PUNCT.contains(tok.text());
            if (!clausePart) {
                return;
            }
        }
    }

    private void moduleSpecifier(int at, int statement, String form) {
        if (t.get(at) == null) {
            return;
        }
        String value = t.get(at).literal();
        if (value == null) {
            return; // computed specifier: cannot be judged statically
        }
        UrlRef url = UrlRef.of(value);
        if (!url.external()) {
            return;
        }
        int line = line(statement);
        String local = "assets/" + url.suggestedFileName("js");
        out.add(ViolationCode.EXTERNAL_URL,
                "File " + out.file() + " imports a JavaScript module from outside the site (" + url.shown() + ")" + where
                        + "; scripts from other origins are rejected.",
                Text.at(line) + excerpt(statement) + " (" + form + "). Download the module and the modules it "
                        + "imports, add them to the bundle (for example as " + local + ") and import them with a "
                        + "relative path such as \"" + out.moduleSpecifier(local) + "\".");
    }

    private void importScriptsAt(int i) {
        int depth = 0;
        for (int j = i + 1; t.get(j) != null && j < i + AHEAD; j++) {
            Token tok = t.get(j);
            if (tok.is("(") || tok.is("[") || tok.is("{")) {
                depth++;
            } else if (tok.is(")") || tok.is("]") || tok.is("}")) {
                depth--;
                if (depth == 0) {
                    return;
                }
            } else if (depth == 1 && tok.literal() != null && (is(j - 1, "(") || is(j - 1, ","))) {
                UrlRef url = UrlRef.of(tok.literal());
                if (url.external()) {
                    int line = line(j);
                    String local = "assets/" + url.suggestedFileName("js");
                    out.add(ViolationCode.EXTERNAL_URL,
                            "File " + out.file() + " loads a worker script from outside the site with importScripts ("
                                    + url.shown() + ")" + where + "; scripts from other origins are rejected.",
                            Text.at(line) + excerpt(j) + ". Download the script, add it to the bundle (for example "
                                    + "as " + local + ") and pass importScripts a relative path such as \""
                                    + out.relativeTo(local) + "\".");
                }
            }
        }
    }

    private void importMap() {
        for (int i = 0; t.get(i) != null; i++) {
            Token tok = t.get(i);
            if (tok.kind() == Kind.STRING && is(i - 1, ":") && !is(i + 1, ":")) {
                UrlRef url = UrlRef.of(tok.value());
                if (url.external()) {
                    int line = line(i);
                    String local = "assets/" + url.suggestedFileName("js");
                    out.add(ViolationCode.EXTERNAL_URL,
                            "File " + out.file() + " maps a module to an address outside the site (" + url.shown() + ")"
                                    + where + "; scripts from other origins are rejected.",
                            Text.at(line) + excerpt(i) + ". Download the module, add it to the bundle (for example as "
                                    + local + ") and map the entry to \"" + out.moduleSpecifier(local) + "\".");
                }
            }
        }
    }

    // ---- service workers -------------------------------------------------------------------------------------

    /**
     * Finds {@code serviceWorker.register}, {@code serviceWorker?.register}, {@code serviceWorker["register"]},
     * {@code navigator["serviceWorker"].register} and the like, also through a variable that holds
     * {@code navigator.serviceWorker}.
     */
    private void serviceWorkerAt(int i, Set<String> aliases) {
        Token tok = t.get(i);
        int after;
        if (tok.isIdent("serviceWorker")) {
            after = i + 1;
        } else if (tok.kind() == Kind.STRING && "serviceWorker".equals(tok.value()) && is(i - 1, "[")
                && is(i + 1, "]")) {
            after = i + 2;
        } else if (tok.kind() == Kind.IDENT && aliases.contains(tok.text()) && !memberAccess(i - 1)) {
            if (registerAccess(i + 1)) {
                reportServiceWorker(i);
            }
            return;
        } else {
            return;
        }
        if (registerAccess(after)) {
            reportServiceWorker(i);
            return;
        }
        // Remember variables that hold the container: sw = navigator.serviceWorker, { serviceWorker: sw } = navigator
        if (tok.kind() == Kind.IDENT && is(i + 1, ":") && kind(i + 2) == Kind.IDENT) {
            aliases.add(t.get(i + 2).text());
        }
        if (memberAccess(after) || is(after, "[") || is(after, "(")) {
            return;
        }
        int start = tok.kind() == Kind.IDENT ? i : i - 1;
        while (true) {
            if (memberAccess(start - 1) && kind(start - 2) == Kind.IDENT) {
                start -= 2;
            } else if (is(start, "[") && kind(start - 1) == Kind.IDENT) {
                start -= 1;
            } else {
                break;
            }
        }
        if (is(start - 1, "=") && kind(start - 2) == Kind.IDENT) {
            aliases.add(t.get(start - 2).text());
        }
    }

    private boolean registerAccess(int k) {
        if (memberAccess(k) && t.get(k + 1) != null && t.get(k + 1).isIdent("register")) {
            return true;
        }
        int bracket = is(k, "?.") ? k + 1 : k;
        return is(bracket, "[") && t.get(bracket + 2) != null && "register".equals(t.get(bracket + 1).literal())
                && is(bracket + 2, "]");
    }

    private void reportServiceWorker(int i) {
        int line = line(i);
        out.add(ViolationCode.SERVICE_WORKER,
                "File " + out.file() + " registers a service worker" + where + Text.onLine(line)
                        + "; service workers are rejected.",
                Text.at(line) + excerpt(i) + ". Remove the service worker registration (and the worker script if "
                        + "nothing else uses it); the site is served without a service worker, offline caching is "
                        + "not available.");
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private boolean memberAccess(int k) {
        return is(k, ".") || is(k, "?.");
    }

    private boolean is(int k, String punct) {
        Token tok = t.get(k);
        return tok != null && tok.is(punct);
    }

    private Kind kind(int k) {
        Token tok = t.get(k);
        return tok == null ? null : tok.kind();
    }

    private int line(int k) {
        return firstLine > 0 ? firstLine + t.get(k).line() - 1 : 0;
    }

    private String excerpt(int k) {
        return Text.excerpt(source, t.get(k).offset());
    }

    /**
     * The tokens around the current one: pulled from the tokenizer on demand, at most {@code CAPACITY} kept, so a
     * large script is checked in constant memory. Tokens that fell out of the window read as null, like tokens
     * before the start or after the end.
     */
    private static final class Window {
        private static final int CAPACITY = 2048; // more than AHEAD plus the few tokens rules look back
        private final JsTokens tokens;
        private final Token[] ring = new Token[CAPACITY];
        private int count;
        private boolean done;

        Window(JsTokens tokens) {
            this.tokens = tokens;
        }

        Token get(int k) {
            if (k < 0) {
                return null;
            }
            while (!done && k >= count) {
                Token next = tokens.next();
                if (next == null) {
                    done = true;
                } else {
                    ring[count++ % CAPACITY] = next;
                }
            }
            return k < count && k > count - CAPACITY ? ring[k % CAPACITY] : null;
        }
    }
}
