package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;
import io.sites.app.MovableClock;
import org.springframework.context.annotation.Import;

/**
 * {@link BlobCollectionContract}, {@link ForgettingContract} and {@link ColdManifestContract} on the embedded
 * default (H2), with a clock the tests move.
 */
@Import(MovableClock.InTheContext.class)
class BlobCollectionEmbeddedTest extends EmbeddedAppTest implements BlobCollectionContract, ForgettingContract,
        ColdManifestContract {
}
