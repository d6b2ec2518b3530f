package io.sites.app;

import io.sites.app.identity.AccessTokens;
import io.sites.app.identity.Accounts;
import io.sites.command.publish.ReadModels;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

@TestPropertySource(properties = {"sites.limits.websites-per-account=3", "sites.limits.free-changes=7"})
class WebsiteReadsPostgresTest extends PostgresAppTest implements WebsiteReadsContract {
    @Autowired
    Accounts accounts;
    @Autowired
    AccessTokens tokens;
    @Autowired
    CommandGateway commands;
    @Autowired
    ReadModels readModels;

    @Override
    public Accounts accounts() {
        return accounts;
    }

    @Override
    public AccessTokens tokens() {
        return tokens;
    }

    @Override
    public CommandGateway commands() {
        return commands;
    }

    @Override
    public ReadModels readModels() {
        return readModels;
    }
}
