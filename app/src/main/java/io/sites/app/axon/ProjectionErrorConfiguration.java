package io.sites.app.axon;

import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What a projection does when an event handler fails: stop and retry, never skip. */
@Configuration(proxyBeanMethods = false)
class ProjectionErrorConfiguration {

    /**
     * A projection that fails on an event must not skip it (Axon's default logs and moves on, and the read model
     * silently diverges): the error propagates, the processor backs off and retries from its last token.
     */
    @Bean
    ConfigurerModule projectionsStopOnErrors() {
        return configurer -> configurer.eventProcessing(processing -> processing
                .registerDefaultListenerInvocationErrorHandler(c -> PropagatingErrorHandler.instance()));
    }
}
