/**
 * A website as it is served: its slug, its addresses under the site host, which bundle file a request path names,
 * the files of a version and the grants that open a preview. Shared by the publish side and the site server, so
 * both read a path the same way; {@code rules} holds the site rules files.
 */
package io.sites.api.site;
