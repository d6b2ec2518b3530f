package io.sites.app.usecases;

import io.sites.api.id.Actor;
import io.sites.command.publish.WebsiteSettingsChanges;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * updateWebsite (PATCH /v1/websites/{id}, MCP update_website, the web application's Settings, the CLI's
 * {@code sites settings}): the owner's settings over {@link WebsiteSettingsChanges}, answered with the website as
 * getWebsite shows it, after the read model shows the change.
 */
@Component
public class SettingsOperations {
    private final WebsiteSettingsChanges settings;
    private final ReadOperations reads;

    SettingsOperations(WebsiteSettingsChanges settings, ReadOperations reads) {
        this.settings = settings;
        this.reads = reads;
    }

    /** {@code patch}: field name to JSON value (String, Integer, null); an absent field is unchanged. */
    public ReadOperations.WebsiteDetails updateWebsite(Actor caller, String websiteId, Map<String, Object> patch) {
        settings.change(caller, websiteId, patch);
        return reads.getWebsite(caller.accountId(), websiteId);
    }
}
