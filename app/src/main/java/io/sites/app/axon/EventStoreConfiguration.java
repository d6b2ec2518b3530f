package io.sites.app.axon;

import io.sites.replica.ReplicaInstances;
import io.sites.site.directory.SiteDirectory;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.Configuration;
import org.axonframework.eventhandling.EventBusSpanFactory;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcSQLErrorCodesResolver;
import org.axonframework.eventsourcing.eventstore.jpa.SQLStateResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.springboot.TokenStoreProperties;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;

/**
 * The event store, built as Axon's auto-configuration builds it (JdbcAutoConfiguration, AxonAutoConfiguration), but
 * as a {@link WakeableEventStore}, so that appends of other processes reach this one's processors at once. Axon
 * backs off its JDBC storage engine, schema and error resolver once an event store bean exists, so they are here
 * too; the error resolver also knows PostgreSQL's conflict. The token store is here for its owner's name.
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
class EventStoreConfiguration {
    private static final String UNIQUE_VIOLATION = "23505";
    private static final int EVENTS_PER_QUERY = 1000;

    @Bean
    EventSchema eventSchema() {
        return new EventSchema();
    }

    /**
     * Which database error means that an aggregate's next sequence number is taken: another replica appended first.
     * Axon's default recognises only a {@code SQLIntegrityConstraintViolationException}, which H2 throws and
     * PostgreSQL's driver does not: there the conflict became an EventStoreException, a 500, instead of the
     * ConcurrencyException that PublishService retries on fresh state. SQLSTATE 23505 (unique violation) holds on both.
     */
    @Bean
    PersistenceExceptionResolver persistenceExceptionResolver() {
        PersistenceExceptionResolver byState = new SQLStateResolver(UNIQUE_VIOLATION);
        PersistenceExceptionResolver byType = new JdbcSQLErrorCodesResolver();
        return failure -> byState.isDuplicateKeyViolation(failure) || byType.isDuplicateKeyViolation(failure);
    }

    @Bean
    EventStorageEngine eventStorageEngine(Serializer defaultSerializer, PersistenceExceptionResolver resolver,
            @Qualifier("eventSerializer") Serializer eventSerializer, Configuration configuration,
            ConnectionProvider connections, TransactionManager transactions, EventSchema schema) {
        // Events per query: Axon's 100 cost a round trip per 100 events on every stream that catches up (a new
        // site replica, a replay); bench/replay measured 1,000 faster, and a query at the head returns what there is.
        return JdbcEventStorageEngine.builder().batchSize(EVENTS_PER_QUERY).snapshotSerializer(defaultSerializer)
                .upcasterChain(configuration.upcasterChain()).persistenceExceptionResolver(resolver)
                .eventSerializer(eventSerializer).snapshotFilter(configuration.snapshotFilter())
                .connectionProvider(connections).transactionManager(transactions).schema(schema).build();
    }

    /**
     * How a site replica reads a stored version's manifest it does not hold: the one event that published it, by
     * website and sequence number (the primary key's index), in a batch of one. The store's own engine would fetch
     * that website's next thousand events with it. Without a transaction: one row read once needs none, and a
     * transaction's begin and commit were two more round trips on the first request of a site.
     */
    @Bean
    SiteDirectory.PublishedManifests publishedManifests(Serializer defaultSerializer,
            PersistenceExceptionResolver resolver, @Qualifier("eventSerializer") Serializer eventSerializer,
            Configuration configuration, ConnectionProvider connections, EventSchema schema) {
        EventStorageEngine oneEvent = JdbcEventStorageEngine.builder().batchSize(1)
                .snapshotSerializer(defaultSerializer).upcasterChain(configuration.upcasterChain())
                .persistenceExceptionResolver(resolver).eventSerializer(eventSerializer)
                .connectionProvider(connections).transactionManager(NoTransactionManager.INSTANCE).schema(schema)
                .build();
        return SiteDirectory.PublishedManifests.fromEvents(oneEvent::readEvents);
    }

    @Bean
    ReadModelOwner readModelOwner(ReplicaInstances instances) {
        return ReadModelOwner.of(instances);
    }

    /** Axon's JDBC token store as its auto-configuration builds it, claiming under this replica's name. */
    @Bean
    TokenStore tokenStore(ConnectionProvider connections, Serializer serializer, TokenStoreProperties properties,
            ReadModelOwner owner) {
        return JdbcTokenStore.builder().connectionProvider(connections).schema(TokenSchema.builder().build())
                .serializer(serializer)
                .claimTimeout(properties.getClaimTimeout()).nodeId(owner.name()).build();
    }

    @Bean
    WakeableEventStore eventStore(EventStorageEngine storageEngine, Configuration configuration) {
        EmbeddedEventStore.Builder builder = EmbeddedEventStore.builder().storageEngine(storageEngine)
                .messageMonitor(configuration.messageMonitor(EventStore.class, "eventStore"))
                .spanFactory(configuration.getComponent(EventBusSpanFactory.class));
        return new WakeableEventStore(builder);
    }
}
