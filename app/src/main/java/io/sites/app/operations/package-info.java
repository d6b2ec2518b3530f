/**
 * What the operator's network learns of a replica's state: its site directory caught up (readiness) and the read
 * model not being rebuilt (health).
 * Health indicators that Spring Boot Actuator serves on management.server.port; nothing else uses this package.
 * (The publish timer lives with ApiOperations in web, the one place every publish passes.)
 */
package io.sites.app.operations;
