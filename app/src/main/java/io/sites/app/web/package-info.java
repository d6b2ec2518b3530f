/**
 * The REST interface (/v1) and the HTTP around it: controllers over ApiOperations, the error envelope (ApiErrors,
 * ErrorResponses), body admission, Idempotency-Key retries (IdempotentRequests, which the MCP tools use too), and the
 * API's security chain with the TokenIntrospector that turns either kind of bearer token into the caller. mcp and
 * webapp use its operations and error writers; it uses identity, the command side's services and the query bus.
 */
package io.sites.app.web;
