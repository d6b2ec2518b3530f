package io.sites.app.roles;

import org.springframework.context.annotation.Configuration;

/**
 * What every replica needs: the blob store, the rate windows, the replica rows' instance names, Axon's wiring
 * (serializer, upcaster, error handling; the ports of the command side inside it are the API's) and the operator's
 * health and metrics.
 */
@Configuration(proxyBeanMethods = false)
@ScanModules({"io.sites.blob", "io.sites.limits", "io.sites.replica", "io.sites.app.axon", "io.sites.app.operations"})
class EveryRole {
}
