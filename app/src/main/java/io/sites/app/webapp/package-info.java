/**
 * The web application under /app: server-rendered pages, password sign-in with a session, and publishing from the
 * browser through PublishService as the interface does. Nothing uses it.
 */
package io.sites.app.webapp;
