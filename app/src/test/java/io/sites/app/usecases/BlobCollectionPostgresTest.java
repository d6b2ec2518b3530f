package io.sites.app.usecases;

import io.sites.app.MovableClock;
import io.sites.app.PostgresAppTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;

/**
 * {@link BlobCollectionContract}, {@link ForgettingContract} and {@link ColdManifestContract} on PostgreSQL, with a
 * clock the tests move.
 */
@Import(MovableClock.InTheContext.class)
// A context of its own (the clock): closed after the class, so its pool does not hold PostgreSQL connections.
@DirtiesContext
class BlobCollectionPostgresTest extends PostgresAppTest implements BlobCollectionContract, ForgettingContract,
        ColdManifestContract {
}
