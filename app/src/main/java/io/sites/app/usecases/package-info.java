/**
 * The use cases: the interface's operations and its extensions, the one entry to the command side (PublishService,
 * WebsiteLifecycle, Uploads, SlugSuggestions, SitePasswords) and the query bus for every adapter. REST (web), MCP
 * (mcp), the web application's pages (webapp) and so the command line, which speaks REST, call them and get typed
 * results: the interface's JSON records where the interface defines one (PublishWebsiteResult, Job, ...), else a
 * record of this package (WebsiteList, WebsiteDetails, HistoryPage, ...) that each adapter maps to its own wire
 * shape. Failures are exceptions (the command side's, NotFoundException, BadRequestException) that web's ApiErrors
 * maps once for REST and MCP. Nothing here knows HTTP: status codes, headers, bodies and their limits live in web.
 * Features: publishing (PublishOperations, PublishRequests, PublishTimer), reads (ReadOperations), the website's
 * lifecycle and settings (LifecycleOperations).
 */
package io.sites.app.usecases;
