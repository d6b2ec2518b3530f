/** Identifiers (accounts, websites, jobs, version numbers) and the actor every command and event names. */
package io.sites.api.id;
