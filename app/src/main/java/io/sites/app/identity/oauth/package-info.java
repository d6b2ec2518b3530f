/**
 * The OAuth 2.1 authorization server for MCP clients (dynamic registration, consent, hashed authorizations, signing
 * keys) and OAuthAccessTokens, which web's TokenIntrospector asks. It uses identity's accounts, tokens and throttle.
 */
package io.sites.app.identity.oauth;
