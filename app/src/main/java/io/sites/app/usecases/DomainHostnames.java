package io.sites.app.usecases;

import com.google.common.net.InetAddresses;
import com.google.common.net.InternetDomainName;
import io.sites.api.code.ErrorCode;
import io.sites.command.domain.DomainRefusedException;
import java.util.List;
import java.util.Locale;

/**
 * The one rule of which hostnames a site may be served at: a public DNS name of two labels or more, not an address,
 * not localhost, not a public suffix itself (the Public Suffix List Guava bundles: a whole {@code co.uk} is no one's),
 * and neither one of the service's own hosts nor a name under one.
 */
final class DomainHostnames {
    private static final int MAX_LENGTH = 253;

    private final List<String> ownHosts;

    DomainHostnames(List<String> ownHosts) {
        this.ownHosts = ownHosts.stream().filter(host -> host != null && !host.isBlank())
                .map(host -> host.toLowerCase(Locale.ROOT)).toList();
    }

    /** The hostname in its one spelling (lower case, no final dot), or DOMAIN_INVALID saying why not. */
    String normalize(String hostname) {
        if (hostname == null || hostname.isBlank()) {
            throw invalid("A hostname is required, for example www.example.org.");
        }
        String name = hostname.strip().toLowerCase(Locale.ROOT);
        name = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        if (name.length() > MAX_LENGTH) {
            throw invalid("A hostname has at most " + MAX_LENGTH + " characters.");
        }
        if (InetAddresses.isUriInetAddress(name) || InetAddresses.isInetAddress(name)) {
            throw invalid(hostname + " is an IP address; a custom domain is a DNS name such as www.example.org.");
        }
        if (name.indexOf('_') >= 0 || !InternetDomainName.isValid(name)) {
            throw invalid(hostname + " is not a valid hostname.");
        }
        InternetDomainName domain = InternetDomainName.from(name);
        if (domain.parts().size() < 2 || name.equals("localhost") || name.endsWith(".localhost")) {
            throw invalid(hostname + " is not a public hostname; give a full name such as www.example.org.");
        }
        if (domain.isPublicSuffix()) {
            throw invalid(hostname + " is a public suffix, under which anyone registers names; give your own name "
                    + "under it.");
        }
        for (String own : ownHosts) {
            if (name.equals(own) || name.endsWith("." + own)) {
                throw invalid(hostname + " is this service's own host " + own + " or under it; sites there are "
                        + "served already.");
            }
        }
        return name;
    }

    private static DomainRefusedException invalid(String message) {
        return new DomainRefusedException(ErrorCode.DOMAIN_INVALID, message);
    }
}
