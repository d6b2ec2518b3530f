package io.sites.app.axon;

import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcSQLErrorCodesResolver;
import org.axonframework.eventsourcing.eventstore.jpa.SQLStateResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Which database error means that an aggregate's next sequence number is taken: another replica appended first. */
@Configuration(proxyBeanMethods = false)
class EventStoreConflictConfiguration {
    /** PostgreSQL's (and H2's) SQLSTATE for a unique key violation. */
    private static final String UNIQUE_VIOLATION = "23505";

    /**
     * Axon's default recognises only a {@code SQLIntegrityConstraintViolationException}, which H2 throws and
     * PostgreSQL's driver does not: there the conflict became an EventStoreException, a 500, instead of the
     * ConcurrencyException that PublishService retries on fresh state. The SQLSTATE holds on both databases.
     */
    @Bean
    PersistenceExceptionResolver persistenceExceptionResolver() {
        PersistenceExceptionResolver byState = new SQLStateResolver(UNIQUE_VIOLATION);
        PersistenceExceptionResolver byType = new JdbcSQLErrorCodesResolver();
        return failure -> byState.isDuplicateKeyViolation(failure) || byType.isDuplicateKeyViolation(failure);
    }
}
