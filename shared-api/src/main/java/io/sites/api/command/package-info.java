/** Commands: what a caller asks a website's aggregate to decide. Each names its target website and its actor. */
package io.sites.api.command;
