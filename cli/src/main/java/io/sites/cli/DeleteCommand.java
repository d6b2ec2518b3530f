package io.sites.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sites delete SITE}: deletes a website (owner only; its address then answers 410). Not undoable, so it asks
 * on a terminal, and a script must say {@code --yes}: a command line that merely lost an argument deletes nothing.
 */
@Command(name = "delete", description = "Delete a website (owner only; not undoable).")
final class DeleteCommand implements Callable<Integer> {
    @ParentCommand
    Sites sites;

    @Parameters(paramLabel = "SITE", description = "Slug or id of the website.")
    String site;

    @Option(names = {"-y", "--yes"}, description = "Do not ask for confirmation.")
    boolean yes;

    @Override
    public Integer call() {
        Api api = sites.api();
        String id = Websites.id(api, site);
        if (!yes && !confirmed()) {
            throw new Failure(Exit.USAGE, "Not deleted: confirm with --yes.");
        }
        api.delete(Websites.path(id));
        ObjectNode result = Api.JSON.createObjectNode();
        result.put("websiteId", id);
        result.put("deleted", true);
        sites.print(result, sites.style().done("Deleted " + site + "."));
        return Exit.OK.code;
    }

    private boolean confirmed() {
        if (!sites.invocation.terminal() || System.console() == null) {
            return false;
        }
        String answer = System.console().readLine("Delete %s for good? Type its name (%s) to confirm: ", site, site);
        return site.equals(answer == null ? null : answer.strip());
    }
}
