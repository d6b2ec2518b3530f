package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

/** {@link QuotaContract} on the embedded default (H2). */
class QuotaEmbeddedTest extends EmbeddedAppTest implements QuotaContract {
}
