package io.sites.app.usecases;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What the operations read of {@code sites.limits.*} that no transport cares about (the body limits are web's
 * ApiProperties). Each has its environment variable, mapped with its default in application.yml.
 *
 * @param freeChanges the changes shown as free on a website (the interface's free_changes, SITES_FREE_CHANGES)
 */
@ConfigurationProperties("sites.limits")
public record UseCaseProperties(int freeChanges) {
}
