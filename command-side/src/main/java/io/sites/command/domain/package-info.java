/** Custom domains: the DNS check of a domain's TXT record and the service that adds, checks and removes domains. */
package io.sites.command.domain;
