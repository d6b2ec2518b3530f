/**
 * PublishService, the one publish path of REST, MCP and the web application, and WebsiteLifecycle (promote, roll
 * back, delete), with their results and the ReadModels port they wait on for read-your-writes. The adapters in app
 * use them; they use bundle, fetch, upload, website and limits, and none of them uses this package.
 */
package io.sites.command.publish;
