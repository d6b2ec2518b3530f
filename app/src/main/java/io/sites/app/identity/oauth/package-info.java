/**
 * The OAuth 2.1 authorization server for MCP clients and the command line (dynamic registration, the pre-registered
 * client sites-cli, consent, hashed authorizations, signing keys) and OAuthAccessTokens, which web's
 * TokenIntrospector asks. It uses identity's accounts, tokens and throttle.
 */
package io.sites.app.identity.oauth;
