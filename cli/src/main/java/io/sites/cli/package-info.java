/**
 * The command line {@code sites}: one picocli command per operation over the service's REST interface ({@link
 * io.sites.cli.Api}), the stored login ({@code Config}, {@code Credential}) and the browser sign-in
 * ({@code BrowserLogin}, {@code AuthorizationServer}). A client only: it shares no code with the service.
 */
package io.sites.cli;
