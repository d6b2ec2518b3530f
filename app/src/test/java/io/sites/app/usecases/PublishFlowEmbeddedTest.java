package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

class PublishFlowEmbeddedTest extends EmbeddedAppTest implements PublishFlowContract {
}
