/**
 * The REST interface (/v1) and the HTTP around it: controllers over the operations of io.sites.app.usecases, their
 * answers' JSON bodies (ApiBodies, which MCP gives too), the error envelope (ApiErrors,
 * ErrorResponses), body admission, Idempotency-Key retries (IdempotentRequests, which the MCP tools use too), and the
 * API's security chain with the TokenIntrospector that turns either kind of bearer token into the caller. mcp and
 * webapp use its bodies, error writers and body admission; it uses identity and the operations, and names the command
 * side's exceptions only, to map them.
 */
package io.sites.app.web;
