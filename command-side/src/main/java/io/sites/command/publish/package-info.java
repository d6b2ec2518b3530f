/**
 * PublishService, the one publish path of REST, MCP and the web application, with its input (NewWebsite, NewVersion:
 * FileInputs, each with its FileSource), its results and the ReadModels port it waits on for read-your-writes. Each
 * adapter in app maps its own wire format to the input and uses the service; it uses bundle, remote, website and
 * limits, and none of them uses it.
 */
package io.sites.command.publish;
