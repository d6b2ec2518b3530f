package io.sites.app.usecases;

import io.sites.app.EmbeddedAppTest;

class DigestEditsEmbeddedTest extends EmbeddedAppTest implements DigestEditsContract {
}
