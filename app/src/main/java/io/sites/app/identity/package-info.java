/**
 * Who someone is: accounts, usernames and passwords, sign-ups, personal access tokens, the caller of a request and the
 * per-address throttle. The adapters and identity.oauth use it; it uses no adapter.
 */
package io.sites.app.identity;
