/**
 * Reading a bundle and every authoring rule (paths, content types, HTML, CSS, JavaScript, sizes), with no Spring and
 * no Axon: BundleReader is the entry and the rules are package-private. publish, fetch and upload use it; the adapters
 * only BundleLimits, InlineDecoder and DecodedContent.
 */
package io.sites.bundle;
