package io.sites.app.usecases;

import io.sites.command.website.DomainRows;
import io.sites.replica.BackgroundWork;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Reads every served domain's TXT record again every {@code sites.domains.check-interval}, on each API replica: the
 * Website aggregate decides idempotently (a record still there records nothing; a missing one starts the grace
 * period once and stops serving once), so replicas checking the same domain at once agree.
 */
@Component
public class DomainChecks implements DisposableBean {
    private static final Logger log = LoggerFactory.getLogger(DomainChecks.class);

    private final DomainOperations operations;
    private final DomainRows rows;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "domain-checks");
        thread.setDaemon(true);
        return thread;
    });

    DomainChecks(DomainOperations operations, DomainRows rows, DomainProperties properties) {
        this.operations = operations;
        this.rows = rows;
        long every = properties.checkInterval().toMillis();
        timer.scheduleWithFixedDelay(this::checkAll, every, every, TimeUnit.MILLISECONDS);
    }

    /** One round over every served domain; one domain's failure does not stop the others. */
    public void checkAll() {
        for (DomainRows.Served served : rows.served()) {
            try {
                operations.recheck(served);
            } catch (RuntimeException failed) {
                log.warn("The periodic check of {} failed; it is checked again next round", served.hostname(),
                        failed);
            }
        }
    }

    @Override
    public void destroy() {
        BackgroundWork.stop(timer);
    }
}
