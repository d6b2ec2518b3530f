/**
 * The MCP endpoint (/mcp): the SDK's stateless transport behind a request gate, the eight specified tools and the
 * extensions (promote_version, delete_website, diff_versions, get_history, validate_bundle), each its REST operation
 * through the operations of io.sites.app.usecases, answered with web's ApiBodies and ApiErrors (and
 * IdempotentRequests for an idempotencyKey). Only the
 * API documentation (io.sites.app.docs) reads it: the tool list of {@link io.sites.app.mcp.McpTools}.
 */
package io.sites.app.mcp;
