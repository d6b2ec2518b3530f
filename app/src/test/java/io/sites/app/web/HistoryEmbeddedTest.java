package io.sites.app.web;

import io.sites.app.EmbeddedAppTest;

/** {@link HistoryContract} on the embedded default (H2). */
class HistoryEmbeddedTest extends EmbeddedAppTest implements HistoryContract {
}
