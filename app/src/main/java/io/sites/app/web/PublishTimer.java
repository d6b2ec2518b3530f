package io.sites.app.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Times every publish as {@code sites.publish}, a histogram tagged with the operation and its outcome: 201, or the
 * error code the caller got. REST and MCP reach it through ApiOperations, the web application's pages directly, so
 * a publish is timed whichever door it came through.
 */
@Component
public class PublishTimer {
    public static final String NAME = "sites.publish";

    private final MeterRegistry registry;

    PublishTimer(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Runs the publish and records how long it took and how it ended, whether it returned or threw. */
    public <T> T time(String operation, Supplier<T> publish) {
        Timer.Sample sample = Timer.start(registry);
        String outcome = "201";
        try {
            return publish.get();
        } catch (RuntimeException | Error e) {
            outcome = ApiErrors.code(e);
            throw e;
        } finally {
            sample.stop(Timer.builder(NAME).description("Publishes, from the request to the version live")
                    .tag("operation", operation).tag("outcome", outcome).publishPercentileHistogram()
                    .register(registry));
        }
    }
}
