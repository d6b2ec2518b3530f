package io.sites.bundle.rules;

/**
 * A reference a file makes to another address, as written, for the link check: collected by the markup and CSS
 * rules during the one pass they make anyway, resolved once every path of the bundle is known.
 *
 * @param line   line in the referring file, 0 when unknown
 * @param target the URL as written (its escapes, query and fragment still in it)
 * @param base   the site path the URL resolves against: the referring file's own, or that of its {@code <base href>}
 */
public record Reference(int line, String target, String base) {
}
