package io.sites.app.axon;

import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.Configuration;
import org.axonframework.eventhandling.EventBusSpanFactory;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcSQLErrorCodesResolver;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;

/**
 * The event store, built as Axon's auto-configuration builds it (JdbcAutoConfiguration, AxonAutoConfiguration), but
 * as a {@link WakeableEventStore}, so that appends of other processes reach this one's processors at once. Axon
 * backs off its JDBC storage engine, schema and error resolver once an event store bean exists, so they are here
 * too, unchanged.
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
class EventStoreConfiguration {

    @Bean
    EventSchema eventSchema() {
        return new EventSchema();
    }

    @Bean
    PersistenceExceptionResolver jdbcSQLErrorCodesResolver() {
        return new JdbcSQLErrorCodesResolver();
    }

    @Bean
    EventStorageEngine eventStorageEngine(Serializer defaultSerializer, PersistenceExceptionResolver resolver,
            @Qualifier("eventSerializer") Serializer eventSerializer, Configuration configuration,
            ConnectionProvider connections, TransactionManager transactions, EventSchema schema) {
        return JdbcEventStorageEngine.builder().snapshotSerializer(defaultSerializer)
                .upcasterChain(configuration.upcasterChain()).persistenceExceptionResolver(resolver)
                .eventSerializer(eventSerializer).snapshotFilter(configuration.snapshotFilter())
                .connectionProvider(connections).transactionManager(transactions).schema(schema).build();
    }

    @Bean
    WakeableEventStore eventStore(EventStorageEngine storageEngine, Configuration configuration) {
        EmbeddedEventStore.Builder builder = EmbeddedEventStore.builder().storageEngine(storageEngine)
                .messageMonitor(configuration.messageMonitor(EventStore.class, "eventStore"))
                .spanFactory(configuration.getComponent(EventBusSpanFactory.class));
        return new WakeableEventStore(builder);
    }
}
