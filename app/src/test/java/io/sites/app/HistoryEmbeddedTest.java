package io.sites.app;

/** {@link HistoryContract} on the embedded default (H2). */
class HistoryEmbeddedTest extends EmbeddedAppTest implements HistoryContract {
}
