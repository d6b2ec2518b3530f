/**
 * The language of the domain, shared by every module: what the service says, never how it does it. This package
 * holds the vocabulary every message uses (statuses, kinds, categories, a caller's {@link io.sites.api.WebsiteRole}
 * on a website, the {@link io.sites.api.Door} a person came through) and how the specification spells it; the
 * messages live below, the way the giftcard demo keeps them:
 * <ul>
 *   <li>{@code id}: identifiers and the actor of a message;</li>
 *   <li>{@code command}: what a caller asks the command side to decide;</li>
 *   <li>{@code event}: what was decided, stored in each website's stream (each with a revision for upcasting);</li>
 *   <li>{@code query}: what the read side answers, and the views it answers with;</li>
 *   <li>{@code site}: what a website is as it is served (its slug, addresses, files, preview grants) and its rules;</li>
 *   <li>{@code code}: the one catalogue of error, violation and warning codes;</li>
 *   <li>{@code json}: the request and result bodies of the REST interface; {@code blob}: the blob store's port.</li>
 * </ul>
 * No web, persistence or framework code beyond the annotations that name a message's role.
 */
package io.sites.api;
