package io.sites.app.roles;

import java.util.Map;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches {@link ConditionalOnRole} against this replica's {@link Roles}. */
class OnRoleCondition implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnRole.class.getName());
        ServiceRole role = (ServiceRole) attributes.get("value");
        Roles roles = Roles.of(context.getEnvironment());
        return (Boolean) attributes.get("alone") ? roles.only(role) : roles.has(role);
    }
}
