package io.sites.app.axon;

import org.axonframework.serialization.jackson3.Jackson3SerializerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;

/** How Axon serializes events, tokens and snapshots with Jackson 3. */
@Configuration(proxyBeanMethods = false)
class AxonSerializationConfiguration {

    /**
     * Axon 4.13.0 on Jackson 3 stops a tracking processor at its first token claim: the default type validator
     * denies the polymorphic fields of ReplayToken (AxonFramework #4160/#4218). Allow Axon's and our own types.
     */
    @Bean
    Jackson3SerializerCustomizer polymorphicTypesOfAxonAndSites() {
        return builder -> builder.polymorphicTypeValidator(BasicPolymorphicTypeValidator.builder()
                .allowIfSubType("org.axonframework.")
                .allowIfSubType("io.sites.")
                .allowIfSubType("java.util.")
                .allowIfSubType("java.lang.")
                .build());
    }
}
