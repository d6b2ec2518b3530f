package io.sites.app.roles;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * A bean or configuration that exists only in a replica with this role (see {@link Roles}); with {@code alone}, only
 * in a replica that has no other role (what the API does about site hosts that no site server of its own answers).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Documented
@Conditional(OnRoleCondition.class)
public @interface ConditionalOnRole {
    ServiceRole value();

    boolean alone() default false;
}
