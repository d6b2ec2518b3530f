package io.sites.cases;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.opentest4j.TestAbortedException;

/**
 * Runs a {@link Property}: one JUnit invocation per seed, each calling the method once per case (a JUnit invocation
 * per case costs about a millisecond, ten times the cases themselves). The first failing case of a seed ends that
 * seed's run with its seed, number, values and the way to replay it; at the property's end one line
 * {@code PROPERTY <class>.<method>: tries=... failed=... seeds=...} tells what ran, for CI to collect.
 */
final class PropertyRuns implements TestTemplateInvocationContextProvider {
    /** Failing cases printed in full per property; the rest are counted (each still fails its seed's run). */
    private static final int PRINTED_FAILURES = 5;
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PropertyRuns.class);

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().filter(method -> method.isAnnotationPresent(Property.class)).isPresent();
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method property = context.getRequiredTestMethod();
        Cases cases = cases(property, context);
        if (cases.parameters() != property.getParameterCount()) {
            throw new ExtensionConfigurationException(property.getName() + " takes " + property.getParameterCount()
                    + " parameters but its cases draw " + cases.parameters() + " values.");
        }
        Tally tally = context.getStore(NAMESPACE).computeIfAbsent(Tally.class,
                type -> new Tally(context.getRequiredTestClass().getSimpleName() + "." + property.getName()),
                Tally.class);
        return Cases.seeds().stream().map(seed -> new SeedRun(seed, cases, tally));
    }

    /** The cases from the method of the property's name without parameters. */
    private static Cases cases(Method property, ExtensionContext context) {
        Method factory;
        try {
            factory = property.getDeclaringClass().getDeclaredMethod(property.getName());
        } catch (NoSuchMethodException missing) {
            throw new ExtensionConfigurationException("A property's cases come from a method of its name without "
                    + "parameters returning Cases: " + property.getDeclaringClass().getSimpleName() + "."
                    + property.getName() + "() is missing.", missing);
        }
        Object instance = Modifier.isStatic(factory.getModifiers()) ? null : context.getTestInstance().orElseThrow(
                () -> new ExtensionConfigurationException(factory.getName() + "() is static, or the class is "
                        + "@TestInstance(PER_CLASS)."));
        try {
            factory.setAccessible(true);
            return (Cases) factory.invoke(instance);
        } catch (InvocationTargetException thrown) {
            throw new ExtensionConfigurationException(factory.getName() + "() failed.", thrown.getCause());
        } catch (ReflectiveOperationException | ClassCastException unusable) {
            throw new ExtensionConfigurationException(factory.getName() + "() must return Cases.", unusable);
        }
    }

    /** One seed's run: its name, placeholders for JUnit to resolve, and the loop over its cases. */
    private record SeedRun(long seed, Cases cases, Tally tally) implements TestTemplateInvocationContext,
            ParameterResolver, InvocationInterceptor {

        @Override
        public String getDisplayName(int invocationIndex) {
            return "seed " + seed + " (" + Cases.origin(seed) + "): " + cases.tries() + " tries";
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of(this);
        }

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getDeclaringExecutable().isAnnotationPresent(Property.class);
        }

        /** Not a case's value: the cases are passed by {@link #interceptTestTemplateMethod}, one call each. */
        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            Class<?> type = parameter.getParameter().getType();
            return type.isPrimitive() ? java.lang.reflect.Array.get(java.lang.reflect.Array.newInstance(type, 1), 0)
                    : null;
        }

        @Override
        public void interceptTestTemplateMethod(Invocation<Void> invocation,
                ReflectiveInvocationContext<Method> call, ExtensionContext context) throws Throwable {
            invocation.skip();
            Method property = call.getExecutable();
            property.setAccessible(true);
            Object target = call.getTarget().orElse(null);
            tally.seed(seed);
            for (int number = 1; number <= cases.tries(); number++) {
                Object[] values = cases.draw(seed, number);
                tally.tried();
                try {
                    property.invoke(target, values);
                } catch (IllegalArgumentException mismatch) {
                    throw new ExtensionConfigurationException("The values of " + property.getName() + "'s cases do "
                            + "not fit its parameters " + List.of(property.getParameterTypes()) + ": "
                            + Shown.of(java.util.Arrays.asList(values)), mismatch);
                } catch (InvocationTargetException thrown) {
                    if (thrown.getCause() instanceof TestAbortedException) {
                        tally.rejected();
                        continue;
                    }
                    String report = report(context, property, number, values, thrown.getCause());
                    if (tally.failed() <= PRINTED_FAILURES) {
                        System.out.println(report);
                    }
                    throw new AssertionError(report, thrown.getCause());
                }
            }
        }

        private String report(ExtensionContext context, Method property, int number, Object[] values,
                Throwable failure) {
            String name = context.getRequiredTestClass().getSimpleName() + "#" + property.getName();
            StringBuilder report = new StringBuilder("PROPERTY FAILED ").append(name).append(" at seed ").append(seed)
                    .append(" case ").append(number).append(" of ").append(cases.tries()).append(" (replay: -D")
                    .append(Cases.SEED_PROPERTY).append('=').append(seed).append(" -Dtest='").append(name)
                    .append("')");
            Parameter[] parameters = property.getParameters();
            for (int i = 0; i < values.length; i++) {
                report.append("\n  ").append(parameters[i].getName()).append(" = ").append(Shown.of(values[i]));
            }
            return report.append("\n  ").append(failure).toString();
        }
    }

    /** A property's tries, counted as its cases run and printed when its last seed has run. */
    private static final class Tally implements AutoCloseable {
        private final String property;
        private final Set<Long> seeds = new LinkedHashSet<>();
        private int tries;
        private int rejected;
        private int failed;

        Tally(String property) {
            this.property = property;
        }

        synchronized void seed(long seed) {
            seeds.add(seed);
        }

        synchronized void tried() {
            tries++;
        }

        synchronized void rejected() {
            rejected++;
        }

        synchronized int failed() {
            return ++failed;
        }

        @Override
        public synchronized void close() {
            System.out.println("PROPERTY " + property + ": tries=" + tries + (rejected > 0 ? " rejected=" + rejected
                    : "") + " failed=" + failed + " seeds=" + String.join(",",
                    seeds.stream().map(String::valueOf).toList()));
        }
    }
}
