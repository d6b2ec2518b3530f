package io.sites.app.identity;

import io.sites.api.id.AccountId;
import io.sites.api.id.Actor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ConfigurableObjectInputStream;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.support.GenericConversionService;
import org.springframework.core.serializer.support.SerializingConverter;

/**
 * How the web application's sessions, kept in the database so any replica answers a signed-in person, read and
 * write their attributes. Written as Spring Session writes them (Java serialization); read so that an upgrade
 * never breaks a session: classes a release moved are read under their new names (the ids left {@code
 * io.sites.api} for {@code io.sites.api.id} in issue 33), and an attribute that cannot be read at all is absent,
 * which signs the person out instead of answering every page with an error.
 */
@Configuration(proxyBeanMethods = false)
class SessionAttributes {
    private static final Logger log = LoggerFactory.getLogger(SessionAttributes.class);

    /** Old class name → today's class, for classes a signed-in person's session holds. */
    static final Map<String, Class<?>> MOVED = Map.of(
            "io.sites.api.AccountId", AccountId.class,
            "io.sites.api.Actor", Actor.class);

    /** The bean Spring Session's JDBC repository takes by this name. */
    @Bean
    ConversionService springSessionConversionService() {
        GenericConversionService conversions = new GenericConversionService();
        conversions.addConverter(Object.class, byte[].class, new SerializingConverter());
        conversions.addConverter(byte[].class, Object.class, SessionAttributes::read);
        return conversions;
    }

    static Object read(byte[] stored) {
        ClassLoader loader = SessionAttributes.class.getClassLoader();
        try (ObjectInputStream in = new ConfigurableObjectInputStream(new ByteArrayInputStream(stored), loader) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass described) throws IOException, ClassNotFoundException {
                Class<?> moved = MOVED.get(described.getName());
                return moved != null ? moved : super.resolveClass(described);
            }
        }) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException | RuntimeException unreadable) {
            log.warn("A session attribute could not be read ({}); the session goes on without it", unreadable.toString());
            return null;
        }
    }
}
