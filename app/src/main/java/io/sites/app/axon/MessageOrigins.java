package io.sites.app.axon;

import java.util.Map;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.messaging.correlation.MessageOriginProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Which message a new message came from (Axon's correlationId and traceId), without deserializing a stored event's
 * metadata to find out. Axon asks for the correlation data of every message handled in a unit of work, so also of
 * every event a processor reads (its result message takes them), and its MessageOriginProvider reads the traceId
 * (the first message of the chain) from the metadata: for a stored event, parsing its JSON, 13 % of a read model
 * rebuild's CPU (bench/replay's profile). No event handler here sends a message, so an event's trace starts at the
 * event itself; a handler that one day sends a command still links it to the event it came from. Commands and
 * queries keep Axon's provider, so the events a publish appends carry the request's trace as before.
 */
@Configuration(proxyBeanMethods = false)
class MessageOrigins {

    @Bean
    CorrelationDataProvider originOfEachMessage() {
        CorrelationDataProvider origins = new MessageOriginProvider();
        return message -> message instanceof EventMessage<?> ? ofEvent(message) : origins.correlationDataFor(message);
    }

    private static Map<String, ?> ofEvent(Message<?> event) {
        return Map.of(MessageOriginProvider.getDefaultCorrelationKey(), event.getIdentifier(),
                MessageOriginProvider.getDefaultTraceKey(), event.getIdentifier());
    }
}
