package io.sites.app.usecases;

import io.sites.app.PostgresAppTest;

class PublishFlowPostgresTest extends PostgresAppTest implements PublishFlowContract {
}
