package io.sites.command.domain;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * Reads a domain's TXT record from the one resolver the operator names ({@code SITES_DNS_RESOLVER}, host:port),
 * never the system's: what proves control is what that resolver says, with a bounded wait.
 */
public class DomainRecords {
    /** The label the TXT record lives under, in front of the hostname. */
    public static final String CHALLENGE_LABEL = "_sites-challenge.";

    private final InetSocketAddress resolver;
    private final Duration timeout;

    public DomainRecords(InetSocketAddress resolver, Duration timeout) {
        this.resolver = resolver;
        this.timeout = timeout;
    }

    /** What one lookup found: whether the token was there, and otherwise what the resolver answered, in words. */
    public record Lookup(boolean found, String reason) {
    }

    public Lookup check(String hostname, String token) {
        String name = CHALLENGE_LABEL + hostname;
        List<String> values = new ArrayList<>();
        try {
            SimpleResolver simple = new SimpleResolver(resolver);
            simple.setTimeout(timeout);
            Message answer = simple.send(Message.newQuery(Record.newRecord(Name.fromString(name + "."), Type.TXT,
                    DClass.IN)));
            int rcode = answer.getRcode();
            if (rcode == Rcode.NXDOMAIN) {
                return new Lookup(false, "No TXT record " + name + " exists (NXDOMAIN).");
            }
            if (rcode != Rcode.NOERROR) {
                return new Lookup(false, "The DNS resolver answered " + Rcode.string(rcode) + " for " + name + ".");
            }
            for (Record record : answer.getSection(Section.ANSWER)) {
                if (record instanceof TXTRecord txt) {
                    String value = String.join("", txt.getStrings());
                    if (value.equals(token)) {
                        return new Lookup(true, null);
                    }
                    values.add(value);
                }
            }
        } catch (TextParseException invalid) {
            return new Lookup(false, name + " is not a name DNS can look up.");
        } catch (IOException unreachable) {
            return new Lookup(false, "The DNS resolver did not answer for " + name + " (" + unreachable.getMessage()
                    + "); try again.");
        }
        return new Lookup(false, values.isEmpty() ? "No TXT record at " + name + "."
                : "The TXT record at " + name + " holds " + String.join(", ", values.stream()
                        .map(v -> "\"" + (v.length() > 80 ? v.substring(0, 80) + "…" : v) + "\"").toList())
                        + ", not this domain's token.");
    }
}
