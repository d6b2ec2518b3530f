package io.sites.app;

/** {@link VersionDiffContract} on the embedded default (H2). */
class VersionDiffEmbeddedTest extends EmbeddedAppTest implements VersionDiffContract {
}
