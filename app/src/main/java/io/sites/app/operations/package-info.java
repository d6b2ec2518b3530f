/**
 * What the operator's network learns of a replica: its site directory caught up (readiness), the read model not
 * being rebuilt (health), and metrics: the site server's traffic (SiteTrafficMetrics, from the site server's own
 * counters) and each projection's lag behind the event store (ProjectionLag); and the request id every API request
 * logs with (RequestIdFilter).
 * Spring Boot Actuator serves the probes and metrics on management.server.port; nothing else uses this package.
 * (The publish timer lives with PublishOperations in usecases, the one place every publish passes.)
 */
package io.sites.app.operations;
