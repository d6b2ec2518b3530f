/**
 * What a request of the command side may ask and how it is refused beyond that: the rate limits (publishes a minute,
 * sourceUrl fetches an hour, both counted in the limits module's RateWindow), the websites an account may own
 * (through the WebsiteCounts port), an invalid request's field errors and violations, and the one capped input
 * stream (CappedInputStream) that request bodies, upload PUTs and sourceUrl downloads are read through. Every
 * service of the command side and every adapter may use it; it uses none of them.
 */
package io.sites.command.limits;
