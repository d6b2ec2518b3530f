package io.sites.command.remote;

import java.net.InetAddress;

/**
 * Which addresses a sourceUrl fetch may connect to. Production has exactly one: {@link #publicOnly()}. Tests that
 * need a local HTTPS origin define a narrower exception as a bean in test sources only, so no property can switch
 * it on in a deployment.
 */
@FunctionalInterface
public interface AddressPolicy {

    /** @return null when a connection to this address and port is allowed, else why not (for the violation) */
    String refusal(InetAddress address, int port);

    /** Public unicast addresses only; see {@link PublicAddresses}. */
    static AddressPolicy publicOnly() {
        return (address, port) -> PublicAddresses.refusal(address);
    }
}
