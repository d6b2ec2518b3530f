package io.sites.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md names only what exists: every type it names in backticks or in its drawings is a class, record,
 * interface or enum of the repository's sources (main, or a test it cites) or one of the few library types it names
 * on purpose; a {@code Type.member} is a member of that type's file; every package it names ({@code io.sites.app.axon},
 * or short: {@code app.axon}, {@code identity.oauth}) is a package. A rename that forgets the document fails here, not
 * in a newcomer's head. A drawing fenced {@code ```before} shows code as it was and is left unchecked.
 */
class ArchitectureDocumentTest {

    /** The library types the document names on purpose (frameworks, the JDK, Netty): kept short and explicit. */
    static final Set<String> LIBRARY_TYPES = Set.of("BearerTokenAuthenticationFilter", "CommandGateway",
            "DataSource", "DispatcherServlet", "EmbeddedEventStore", "FileRegion", "HttpServer", "Ordered",
            "PropagatingErrorHandler", "QueryGateway", "WeakReferenceCache");

    /** A backticked name that looks like a type: {@code UpperCamel}, perhaps {@code .member} after it. */
    static final Pattern TYPE_SPAN = Pattern.compile("[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");

    /** In a drawing, a word of two humps or more is a type (one-hump words are English: Tomcat, Host, Location). */
    static final Pattern DRAWN_TYPE = Pattern.compile(
            "(?<![\\w.])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?:\\.[A-Za-z_][A-Za-z0-9_]*)*");

    static final Pattern PACKAGE = Pattern.compile("io\\.sites(?:\\.[a-z][a-z0-9_]*)*(?:\\.\\{[a-z.,]+\\})?");

    /** A package named short, as the prose does: {@code app.axon}, {@code command.remote}, {@code identity.oauth}. */
    static final Pattern SHORT_PACKAGE = Pattern.compile(
            "`((?:app|command|query|site|api|identity)(?:\\.[a-z][a-z0-9]*)+)`");

    static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z][A-Za-z0-9_]*)");

    static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyNameTheDocumentGivesExists() throws IOException {
        List<String> problems = problemsOf(Files.readString(REPOSITORY.resolve("docs/ARCHITECTURE.md")));
        assertThat(problems).as("names in docs/ARCHITECTURE.md that the code does not have").isEmpty();
    }

    /** The same check on a wrong name, so the test above is known to be able to fail. */
    @Test
    void aNameThatIsNotInTheCodeIsReported() throws IOException {
        assertThat(problemsOf("The publish goes through `ApiOperations.createWebsiteVersion` to `PublishService`.\n"
                + "```\n  BodyGateFilter → BodyAdmission.admit\n```\nin `io.sites.app.nowhere`.\n"
                + "```before\n  WebsitesController → ApiOperations\n```\n"
                + "and `app.nowhere`, but `app.axon` and `identity.oauth`.\n"))
                .containsExactlyInAnyOrder("`ApiOperations.createWebsiteVersion`: no type ApiOperations",
                        "drawing: no type BodyGateFilter",
                        "package io.sites.app.nowhere does not exist",
                        "package app.nowhere (io.sites. or io.sites.app.) does not exist");
        assertThat(problemsOf("`PublishService.noSuchMethod` and `SiteDirectory.Nothing`"))
                .containsExactly("`PublishService.noSuchMethod`: PublishService has no noSuchMethod",
                        "`SiteDirectory.Nothing`: SiteDirectory has no Nothing");
    }

    static List<String> problemsOf(String document) throws IOException {
        Map<String, List<Path>> files = declarations();
        List<String> problems = new ArrayList<>();
        boolean drawing = false;
        boolean past = false;
        StringBuilder prose = new StringBuilder();
        for (String line : document.split("\n", -1)) {
            if (line.startsWith("```")) {
                drawing = !drawing;
                // A drawing of code as it was (the publish before issue 33) names types that are gone on purpose.
                past = drawing && line.startsWith("```before");
                continue;
            }
            if (past) {
                continue;
            }
            if (drawing) {
                Matcher drawn = DRAWN_TYPE.matcher(line);
                while (drawn.find()) {
                    check(drawn.group(), "drawing", files, problems);
                }
            } else {
                prose.append(line).append('\n');
            }
        }
        Matcher span = Pattern.compile("`([^`\n]+)`").matcher(prose);
        while (span.find()) {
            String name = span.group(1);
            if (TYPE_SPAN.matcher(name).matches()) {
                check(name, "`" + name + "`", files, problems);
            }
        }
        Matcher shortName = SHORT_PACKAGE.matcher(prose);
        while (shortName.find()) {
            String pkg = shortName.group(1);
            if (!isPackage("io.sites." + pkg) && !isPackage("io.sites.app." + pkg)) {
                problems.add("package " + pkg + " (io.sites. or io.sites.app.) does not exist");
            }
        }
        Matcher named = PACKAGE.matcher(document);
        while (named.find()) {
            for (String pkg : expanded(named.group())) {
                if (!isPackage(pkg)) {
                    problems.add("package " + pkg + " does not exist");
                }
            }
        }
        return problems.stream().distinct().toList();
    }

    private static void check(String name, String where, Map<String, List<Path>> files, List<String> problems)
            throws IOException {
        String[] parts = name.split("\\.");
        String type = parts[0];
        if (LIBRARY_TYPES.contains(type)) {
            return;
        }
        List<Path> declaring = files.get(type);
        if (declaring == null) {
            problems.add(where + ": no type " + type);
            return;
        }
        for (int i = 1; i < parts.length; i++) {
            String member = parts[i];
            boolean found = false;
            for (Path file : declaring) {
                String text = Files.readString(file);
                boolean nestedType = Character.isUpperCase(member.charAt(0)) && member.chars().anyMatch(
                        Character::isLowerCase);
                Pattern wanted = nestedType ? Pattern.compile("\\b(?:class|interface|enum|record)\\s+" + member + "\\b")
                        : Pattern.compile("\\b" + Pattern.quote(member) + "\\b");
                found |= wanted.matcher(text).find();
            }
            if (!found) {
                problems.add(where + ": " + parts[i - 1] + " has no " + member);
                return;
            }
            if (!Character.isUpperCase(member.charAt(0)) || member.equals(member.toUpperCase())) {
                return;
            }
        }
    }

    private static List<String> expanded(String named) {
        String name = named.endsWith(".") ? named.substring(0, named.length() - 1) : named;
        int brace = name.indexOf(".{");
        if (brace < 0) {
            return List.of(name);
        }
        String base = name.substring(0, brace);
        List<String> all = new ArrayList<>(List.of(base));
        for (String leaf : name.substring(brace + 2, name.length() - 1).split(",")) {
            all.add(base + "." + leaf.strip());
        }
        return all;
    }

    private static boolean isPackage(String pkg) throws IOException {
        String folder = pkg.replace('.', '/');
        try (Stream<Path> modules = Files.list(REPOSITORY)) {
            return modules.anyMatch(module -> Files.isDirectory(module.resolve("src/main/java").resolve(folder))
                    || Files.isDirectory(module.resolve("src/test/java").resolve(folder)));
        }
    }

    /** Each type name declared in the sources (top-level or nested; tests too, which the document cites), by file. */
    private static Map<String, List<Path>> declarations() throws IOException {
        Map<String, List<Path>> files = new HashMap<>();
        try (Stream<Path> walk = Files.walk(REPOSITORY)) {
            for (Path file : walk.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> f.toString().contains("/src/main/java/") || f.toString().contains("/src/test/java/"))
                    .filter(f -> !f.toString().contains("/target/") && !f.toString().contains("/node_modules/"))
                    .toList()) {
                Set<String> names = new HashSet<>();
                Matcher declared = DECLARATION.matcher(Files.readString(file));
                while (declared.find()) {
                    names.add(declared.group(1));
                }
                for (String name : names) {
                    files.computeIfAbsent(name, n -> new ArrayList<>()).add(file);
                }
            }
        }
        return files;
    }
}
