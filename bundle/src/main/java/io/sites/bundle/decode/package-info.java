/**
 * Checking and decoding a file's content as a whole String or a piece at a time (Base64Text, TextScan), so a file
 * decoded while it is read gets the same problems at the same positions. Only the bundle's root package uses it.
 */
package io.sites.bundle.decode;
