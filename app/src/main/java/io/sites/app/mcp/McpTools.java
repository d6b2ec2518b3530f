package io.sites.app.mcp;

import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import java.util.List;

/**
 * The MCP server's tools and instructions, built once: the server answers tools/list with exactly these, and the
 * API's documentation pages (/docs, /llms.txt) list them from here, so neither can name a tool the server lacks.
 */
public final class McpTools {
    private final List<SyncToolSpecification> specifications;
    private final String instructions;
    private final SyncToolSpecification anonymousDraft;

    McpTools(List<SyncToolSpecification> specifications, String instructions) {
        this(specifications, instructions, null);
    }

    /** With the one tool of the tokenless drafts endpoint ({@link DraftTools#PATH}). */
    McpTools(List<SyncToolSpecification> specifications, String instructions, SyncToolSpecification anonymousDraft) {
        this.specifications = List.copyOf(specifications);
        this.instructions = instructions;
        this.anonymousDraft = anonymousDraft;
    }

    SyncToolSpecification anonymousDraft() {
        return anonymousDraft;
    }

    List<SyncToolSpecification> specifications() {
        return specifications;
    }

    /** What the server tells a client on initialize: the workflow and the authoring rules. */
    public String instructions() {
        return instructions;
    }

    /** Every tool's name, title and description, in the order tools/list gives them. */
    public List<Described> described() {
        return specifications.stream().map(SyncToolSpecification::tool)
                .map(tool -> new Described(tool.name(), tool.title(), tool.description())).toList();
    }

    /** One tool as documentation names it. */
    public record Described(String name, String title, String description) {
    }
}
