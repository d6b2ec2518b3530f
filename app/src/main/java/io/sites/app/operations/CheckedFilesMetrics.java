package io.sites.app.operations;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.sites.app.roles.ConditionalOnRole;
import io.sites.app.roles.ServiceRole;
import io.sites.command.remote.FindingsByContent;
import org.springframework.stereotype.Component;

/**
 * {@code sites.publish.files.checked} (tag {@code how}): files of publishes whose findings were replayed from what an
 * earlier publish kept ({@code replayed}), and files named by digest that had to be read back from the blob store
 * and parsed ({@code read-back}). A republish of a big site with one page changed should be almost all replayed.
 * Only where publishes are taken: a site replica has no command side.
 */
@Component
@ConditionalOnRole(ServiceRole.API)
class CheckedFilesMetrics {
    static final String NAME = "sites.publish.files.checked";

    CheckedFilesMetrics(FindingsByContent findings, MeterRegistry registry) {
        FunctionCounter.builder(NAME, findings, FindingsByContent::replayed).tag("how", "replayed")
                .description("Files whose kept findings a publish replayed instead of reading them").register(registry);
        FunctionCounter.builder(NAME, findings, FindingsByContent::readBack).tag("how", "read-back")
                .description("Files named by digest a publish read back from the blob store to check them")
                .register(registry);
    }
}
