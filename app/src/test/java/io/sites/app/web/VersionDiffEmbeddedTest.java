package io.sites.app.web;

import io.sites.app.EmbeddedAppTest;

/** {@link VersionDiffContract} on the embedded default (H2). */
class VersionDiffEmbeddedTest extends EmbeddedAppTest implements VersionDiffContract {
}
