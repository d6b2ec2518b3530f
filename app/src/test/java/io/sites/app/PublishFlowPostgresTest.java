package io.sites.app;

class PublishFlowPostgresTest extends PostgresAppTest implements PublishFlowContract {
}
