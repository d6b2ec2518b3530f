package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

/** {@link PublishWarningsContract} on the embedded default (H2). */
class PublishWarningsEmbeddedTest extends EmbeddedAppTest implements PublishWarningsContract {
}
