package io.sites.app.usecases;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sites.domains.*}: custom domains' resolver, limits and checks; each with its environment variable and
 * default in application.yml ({@code SITES_DNS_RESOLVER}, ...).
 *
 * @param resolver the DNS resolver the TXT records are read from, host:port
 * @param dnsTarget what owners point their CNAME at; blank: the site host's name
 */
@ConfigurationProperties("sites.domains")
public record DomainProperties(String resolver, Duration lookupTimeout, int perWebsite, int perAccount,
        Duration checkInterval, Duration grace, String dnsTarget) {
}
