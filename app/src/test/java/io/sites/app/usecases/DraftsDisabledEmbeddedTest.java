package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

/** {@link DraftsDisabledContract} on the embedded default's shared context. */
class DraftsDisabledEmbeddedTest extends EmbeddedAppTest implements DraftsDisabledContract {
}
