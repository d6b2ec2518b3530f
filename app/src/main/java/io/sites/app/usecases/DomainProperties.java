package io.sites.app.usecases;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sites.domains.*}: custom domains' resolver, limits and checks; each with its environment variable and
 * default in application.yml ({@code SITES_DNS_RESOLVER}, ...).
 *
 * @param resolver the DNS resolver the TXT records are read from, host:port
 * @param dnsTarget what owners point their CNAME at; blank: the site host's name
 * @param checksPerMinute the checks one account may ask for in a minute: each is a DNS lookup held on a request
 *     thread for up to {@code lookupTimeout}, and a name server the owner controls may answer slowly on purpose
 */
@ConfigurationProperties("sites.domains")
public record DomainProperties(String resolver, Duration lookupTimeout, int perWebsite, int perAccount,
        Duration checkInterval, Duration grace, String dnsTarget, int checksPerMinute) {
}
