/**
 * The request and result bodies of the REST interface as the specification writes them: the wire shapes the REST
 * adapter reads and writes, kept apart from the messages so that the wire can change without an event changing.
 */
package io.sites.api.json;
