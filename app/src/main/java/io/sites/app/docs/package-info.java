/**
 * The API's documentation: GET /docs, a page for people rendered from the served OpenAPI document, and GET
 * /llms.txt, a plain-text overview for language models. Both are built once at start-up from the one place each
 * fact lives (the OpenAPI document, the MCP server's tool list, the configured limits, the code catalogue of
 * io.sites.api), so they cannot drift from what the service does. An API-role package (ApiRole scans it).
 */
package io.sites.app.docs;
