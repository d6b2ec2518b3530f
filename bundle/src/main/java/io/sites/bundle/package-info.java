/**
 * Reading a bundle and every authoring rule, with no Spring and no Axon: BundleReader is the entry and orchestrates,
 * FileInput and FileSource are what it reads; the rules live in {@code rules}, the content checks and decoders in
 * {@code decode}. The command side's publish and remote use this package; the adapters only BundleLimits,
 * InlineDecoder, DecodedContent and the input types FileInput and FileSource.
 */
package io.sites.bundle;
