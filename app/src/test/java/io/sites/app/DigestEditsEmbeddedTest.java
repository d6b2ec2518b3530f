package io.sites.app;

class DigestEditsEmbeddedTest extends EmbeddedAppTest implements DigestEditsContract {
}
