/**
 * PublishService, the one publish path of REST, MCP and the web application, with its results and the ReadModels port
 * it waits on for read-your-writes. The adapters in app use it; it uses bundle, remote, website and limits, and
 * none of them uses it.
 */
package io.sites.command.publish;
