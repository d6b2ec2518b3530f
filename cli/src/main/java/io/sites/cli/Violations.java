package io.sites.cli;

import java.io.PrintStream;
import tools.jackson.databind.JsonNode;

/**
 * Violations and warnings as lines, one per problem, file first so that editors and CI annotations can jump to it:
 * {@code about.html: EXTERNAL_URL <message> (<detail>)}; the message names the line when the rule knows it.
 */
final class Violations {
    private Violations() {
    }

    static void print(JsonNode problems, PrintStream out) {
        print(problems, out, "");
    }

    static void print(JsonNode problems, PrintStream out, String prefix) {
        for (JsonNode problem : problems) {
            String path = problem.path("path").asString("");
            String detail = problem.path("detail").asString("");
            out.println(prefix + (path.isEmpty() ? "" : path + ": ") + problem.path("code").asString() + " "
                    + problem.path("message").asString() + (detail.isEmpty() ? "" : " (" + detail + ")"));
        }
    }
}
