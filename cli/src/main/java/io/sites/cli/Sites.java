package io.sites.cli;

import java.net.URI;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites}: the top command. Its options {@code --api}, {@code --token}, {@code --insecure} and {@code --json}
 * are inherited, so they may come before or after the subcommand; the API address comes from them, else from
 * SITES_API, else from the latest login; the token from them (or standard input), else SITES_TOKEN, else the login
 * stored for that address's origin, and only that one. Every failure ends here as one message and its {@link Exit}
 * code.
 */
@Command(name = "sites", mixinStandardHelpOptions = true, version = "sites 0.1.0",
        description = "Publish static websites from a folder and manage their versions.",
        subcommands = {LoginCommand.class, LogoutCommand.class, WhoamiCommand.class, PublishCommand.class,
                ListCommand.class, VersionsCommand.class, HistoryCommand.class, PromoteCommand.class, RollbackCommand.class,
                DeleteCommand.class, OpenCommand.class, DomainsCommand.class, SettingsCommand.class,
                WebhooksCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:refused by the service (a bundle with violations, an unknown site, ...)",
                "2:usage: the command line is wrong", "3:authentication: no token, or the token was refused",
                "4:network: the API could not be reached, or failed (5xx)"})
public final class Sites {
    static final String DEFAULT_API = "http://localhost:8080";

    @Option(names = "--api", scope = ScopeType.INHERIT, paramLabel = "URL",
            description = "API address (default: SITES_API, the latest login's, else " + DEFAULT_API + ").")
    String api;

    @Option(names = "--token", scope = ScopeType.INHERIT, paramLabel = "TOKEN",
            description = "Access token; - reads it from standard input (default: SITES_TOKEN, else the login "
                    + "stored for the API address's origin).")
    String token;

    @Option(names = "--insecure", scope = ScopeType.INHERIT,
            description = "Allow plain http to an address that is not this computer (tokens cross the network "
                    + "unencrypted).")
    boolean insecure;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print one JSON object instead of text.")
    boolean json;

    final Invocation invocation;

    Sites(Invocation invocation) {
        this.invocation = invocation;
    }

    public static void main(String[] args) {
        System.exit(run(Invocation.ofProcess(), args));
    }

    /**
     * Runs the command line inside this JVM, as a process would but without exiting: for tests and for embedding. No
     * terminal is assumed, so there is no progress bar and no question.
     */
    public static int run(java.util.Map<String, String> env, java.io.PrintStream out, java.io.PrintStream err,
            String... args) {
        return run(new Invocation(env, java.io.InputStream.nullInputStream(), out, err, false), args);
    }

    /**
     * As {@link #run(java.util.Map, java.io.PrintStream, java.io.PrintStream, String...)}, with what opens the
     * sign-in's address instead of the person's browser (a test signs in and approves over HTTP there).
     */
    public static int run(java.util.Map<String, String> env, java.io.PrintStream out, java.io.PrintStream err,
            java.util.function.Consumer<URI> browser, String... args) {
        return run(env, java.io.InputStream.nullInputStream(), out, err, browser, args);
    }

    /** As above, with what the command reads as its standard input ({@code --token -}). */
    public static int run(java.util.Map<String, String> env, java.io.InputStream in, java.io.PrintStream out,
            java.io.PrintStream err, java.util.function.Consumer<URI> browser, String... args) {
        return run(new Invocation(env, in, out, err, false, browser), args);
    }

    /** One run of the command line with the given surroundings: its exit code (the process's, in main). */
    static int run(Invocation invocation, String... args) {
        Sites sites = new Sites(invocation);
        CommandLine command = new CommandLine(sites);
        command.setOut(new java.io.PrintWriter(invocation.out(), true));
        command.setErr(new java.io.PrintWriter(invocation.err(), true));
        command.setExecutionExceptionHandler((failure, line, parsed) -> sites.fail(failure));
        // A usage error stops parsing before --json is set, so the arguments themselves are asked.
        CommandLine.IParameterExceptionHandler usage = command.getParameterExceptionHandler();
        command.setParameterExceptionHandler((wrong, arguments) -> {
            if (!java.util.Arrays.asList(arguments).contains("--json")) {
                return usage.handleParseException(wrong, arguments);
            }
            sites.json = true;
            return sites.fail(new Failure(Exit.USAGE, wrong.getMessage() + " (see sites --help)"));
        });
        return command.execute(args);
    }

    /** Colour and symbols for a person at a terminal, plain otherwise ({@link Style}). */
    Style style() {
        return json ? Style.PLAIN : Style.of(invocation.terminal(), invocation.env(),
                System.getProperty("stdout.encoding", System.getProperty("native.encoding")));
    }

    Config config() {
        return Config.of(invocation.env());
    }

    /**
     * The API address: the option, else SITES_API, else the latest login's, else the default; refused before any
     * connection when it is plain http to an address that is not loopback, unless --insecure.
     */
    URI apiAddress() {
        String address = first(api, invocation.env().get("SITES_API"));
        if (address == null) {
            address = first(config().read().api(), DEFAULT_API);
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (java.net.URISyntaxException e) {
            throw new Failure(Exit.USAGE, "The API address is not a URL: " + address);
        }
        if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
            throw new Failure(Exit.USAGE, "The API address must be an http(s) URL: " + address);
        }
        return Origin.requireSecure(uri, insecure);
    }

    /** The token the run was given: --token (- reads standard input), else SITES_TOKEN; null when none. */
    String givenToken() {
        return first(optionToken(), invocation.env().get("SITES_TOKEN"));
    }

    /** --token alone, read from standard input when it is -, once. */
    String optionToken() {
        if ("-".equals(token)) {
            token = readToken();
        }
        return first(token);
    }

    private String readToken() {
        byte[] read;
        try {
            read = invocation.in().readNBytes(64 * 1024 + 1);
        } catch (java.io.IOException e) {
            throw new Failure(Exit.USAGE, "--token -: could not read standard input (" + e.getMessage() + ").");
        }
        String text = new String(read, java.nio.charset.StandardCharsets.UTF_8).strip();
        if (text.isEmpty() || read.length > 64 * 1024 || text.chars().anyMatch(Character::isWhitespace)) {
            throw new Failure(Exit.USAGE, "--token -: standard input must hold one token (for example: "
                    + "sites --token - list < token-file).");
        }
        return text;
    }

    Api api() {
        URI address = apiAddress();
        return new Api(address, Credential.of(givenToken(), config(), address, insecure), insecure);
    }

    /** Prints a command's result: the JSON object under --json, else the text lines. */
    void print(JsonNode result, String text) {
        invocation.out().println(json ? Api.JSON.writeValueAsString(result) : text);
    }

    private int fail(Exception exception) {
        if (!(exception instanceof Failure failure)) {
            if (exception instanceof java.io.UncheckedIOException io) {
                return fail(new Failure(Exit.USAGE, io.getMessage()));
            }
            throw new IllegalStateException(exception);
        }
        if (json) {
            ObjectNode body = failure.error != null && failure.error.has("error") ? (ObjectNode) failure.error.deepCopy()
                    : Api.JSON.createObjectNode();
            if (!body.has("error")) {
                body.putObject("error").put("message", failure.getMessage());
            }
            body.put("exitCode", failure.exit.code);
            invocation.out().println(Api.JSON.writeValueAsString(body));
        } else {
            invocation.err().println(style().failed("sites:") + " " + failure.getMessage());
            if (failure.error != null) {
                Violations.print(failure.error.path("error").path("violations"), invocation.err());
            }
        }
        return failure.exit.code;
    }

    private static String first(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }
}
