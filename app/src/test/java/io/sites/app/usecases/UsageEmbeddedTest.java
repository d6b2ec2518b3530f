package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

/** {@link UsageContract} on the embedded default (H2). */
class UsageEmbeddedTest extends EmbeddedAppTest implements UsageContract {
}
