package io.sites.app;

class PublishFlowEmbeddedTest extends EmbeddedAppTest implements PublishFlowContract {
}
