package io.sites.cases;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A property: a test method whose parameters are drawn, case after case, from the {@link Cases} that the method of
 * the same name without parameters returns (static, or of the instance under {@code @TestInstance(PER_CLASS)}).
 * JUnit runs it once per seed; {@link PropertyRuns} runs the seed's cases, reports a failing one with its seed and
 * values, and prints the property's tries at its end.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@TestTemplate
@ExtendWith(PropertyRuns.class)
public @interface Property {
}
