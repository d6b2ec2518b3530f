package io.sites.app.usecases;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.function.Supplier;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Times every publish as {@code sites.publish}, a histogram tagged with the operation and its outcome: 201, or the
 * error code the caller got ({@link FailureCodes}). Every door (REST, MCP, the web application's pages) publishes
 * through {@link PublishOperations}, which times each publish here. Each publish also logs one line (INFO when it went live, DEBUG
 * when refused, which a client can repeat at will), with the request id of the request it came in.
 */
@Component
public class PublishTimer {
    public static final String NAME = "sites.publish";
    private static final Logger log = LoggerFactory.getLogger(PublishTimer.class);

    private final MeterRegistry registry;
    private final FailureCodes codes;

    PublishTimer(MeterRegistry registry, FailureCodes codes) {
        this.registry = registry;
        this.codes = codes;
    }

    /** Runs the publish and records how long it took and how it ended, whether it returned or threw. */
    <T> T time(String operation, Supplier<T> publish) {
        Timer.Sample sample = Timer.start(registry);
        String outcome = "201";
        try {
            return publish.get();
        } catch (RuntimeException | Error e) {
            outcome = codes.code(e);
            throw e;
        } finally {
            long nanos = sample.stop(Timer.builder(NAME).description("Publishes, from the request to the version live")
                    .tag("operation", operation).tag("outcome", outcome).publishPercentileHistogram()
                    .register(registry));
            if ("201".equals(outcome)) {
                log.info("{}: {} after {} ms", operation, outcome, TimeUnit.NANOSECONDS.toMillis(nanos));
            } else {
                log.debug("{}: {} after {} ms", operation, outcome, TimeUnit.NANOSECONDS.toMillis(nanos));
            }
        }
    }
}
