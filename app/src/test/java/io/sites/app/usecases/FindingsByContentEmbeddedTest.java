package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

/** Findings by content on the embedded database. */
class FindingsByContentEmbeddedTest extends EmbeddedAppTest implements FindingsByContentContract {
}
