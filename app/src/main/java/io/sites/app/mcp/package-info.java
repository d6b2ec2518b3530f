/**
 * The MCP endpoint (/mcp): the SDK's stateless transport behind a request gate, and the eight tools, each its REST
 * operation through web's ApiOperations and ApiErrors. Nothing uses it.
 */
package io.sites.app.mcp;
