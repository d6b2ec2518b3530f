/**
 * PublishService, the one publish path of REST, MCP and the web application (store and send; PublishChecks reads and
 * checks, for a publish and its dry run alike, whose answer is a BundleCheck), with its input (NewWebsite,
 * NewVersion: the bundle's FileInputs, each with its FileSource, as the bundle reader takes them), and
 * WebsiteLifecycle (promote, roll back, delete), with their results and the ReadModels port they wait on for
 * read-your-writes. Each adapter in app maps its own wire format to the input and uses the services; they use
 * bundle, remote, website and limits, and none of them uses this package.
 */
package io.sites.command.publish;
