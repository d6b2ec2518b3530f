/**
 * sourceUrl fetching: every address checked (public ones only), every hop resolved once, the bytes streamed into the
 * blob store. PublishService uses SourceFetches; AddressPolicy and FetchTls are public only so that tests can replace
 * them.
 */
package io.sites.command.fetch;
