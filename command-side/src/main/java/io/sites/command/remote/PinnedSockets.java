package io.sites.command.remote;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * The one way out to an address a tenant named (a sourceUrl, a webhook): the host resolved here, every address it
 * has checked by the {@link AddressPolicy}, and the socket opened to exactly that checked address (no second lookup
 * a resolver could answer differently); TLS then verifies the certificate for the host as written, with SNI.
 */
final class PinnedSockets {
    private PinnedSockets() {
    }

    /** Looks names up; a port so tests can answer for names they own. Production uses the system resolver. */
    @FunctionalInterface
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** Why no connection was made: the host does not resolve, or an address it has is not allowed. */
    static final class Refused extends Exception {
        final boolean forbidden;

        Refused(boolean forbidden, String message) {
            super(message);
            this.forbidden = forbidden;
        }
    }

    /** Every address of the host must be allowed (a name with one private address is refused outright). */
    static InetAddress checkedAddress(SourceLocation location, AddressPolicy policy, Resolver resolver)
            throws Refused {
        InetAddress[] addresses;
        if (location.literal() != null) {
            addresses = new InetAddress[] {location.literal()};
        } else {
            try {
                addresses = resolver.resolve(location.host());
            } catch (UnknownHostException e) {
                throw new Refused(false, "the host " + location.host() + " does not resolve");
            }
        }
        if (addresses.length == 0) {
            throw new Refused(false, "the host " + location.host() + " does not resolve");
        }
        for (InetAddress address : addresses) {
            String refusal = policy.refusal(address, location.port());
            if (refusal != null) {
                throw new Refused(true, location.host() + " is " + address.getHostAddress() + ", a " + refusal
                        + " address; only public addresses are reached");
            }
        }
        return addresses[0];
    }

    static Socket connect(InetAddress address, SourceLocation location, SSLSocketFactory tls,
            Duration connectTimeout, Duration readTimeout) throws IOException {
        Socket plain = new Socket();
        try {
            plain.connect(new InetSocketAddress(address, location.port()), (int) connectTimeout.toMillis());
            plain.setSoTimeout((int) readTimeout.toMillis());
            SSLSocket socket = (SSLSocket) tls.createSocket(plain, location.host(), location.port(), true);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate must name the host as written
            if (location.literal() == null) {
                parameters.setServerNames(List.of(new SNIHostName(location.host())));
            }
            socket.setSSLParameters(parameters);
            socket.startHandshake();
            return socket;
        } catch (IOException | RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    static String hostHeader(SourceLocation location) {
        String host = location.host().contains(":") ? "[" + location.host() + "]" : location.host();
        return location.port() == 443 ? host : host + ":" + location.port();
    }
}
