package io.sites.site.directory;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.blob.SnapshotStore;
import io.sites.blob.FileSystemBlobStore;
import io.sites.api.id.WebsiteId;
import java.nio.file.Path;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.serialization.jackson3.Jackson3Serializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Custom hostnames in the site directory: served from verification until removal, failure or deletion. */
class SiteHostnamesTest {
    private static final WebsiteId SHOP = new WebsiteId("web_shop");
    private static final WebsiteId CAFE = new WebsiteId("web_cafe");

    @TempDir
    Path dir;

    @Test
    void aHostnameIsServedFromItsVerificationUntilItStopsAndPassesToTheNextWebsite() {
        SiteDirectory directory = new SiteDirectory();
        directory.created(SHOP, "shop");
        directory.created(CAFE, "cafe");
        assertThat(directory.slugAt("www.shop.test")).isEmpty();
        directory.domainServed(SHOP, "www.shop.test");
        assertThat(directory.slugAt("WWW.Shop.test.")).contains("shop");
        directory.domainStopped(CAFE, "www.shop.test");
        assertThat(directory.slugAt("www.shop.test")).as("only its own website stops it").contains("shop");
        directory.domainStopped(SHOP, "www.shop.test");
        assertThat(directory.slugAt("www.shop.test")).isEmpty();
        directory.domainServed(CAFE, "www.shop.test");
        directory.domainServed(CAFE, "cafe.test");
        assertThat(directory.slugAt("www.shop.test")).contains("cafe");
        directory.deleted(CAFE);
        assertThat(directory.slugAt("www.shop.test")).isEmpty();
        assertThat(directory.slugAt("cafe.test")).isEmpty();
    }

    @Test
    void servedHostnamesRoundTripThroughTheSnapshot() throws Exception {
        SnapshotStore file = new FileSystemBlobStore(dir.resolve("hosts")).snapshots();
        SiteDirectory written = new SiteDirectory();
        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(written, file, "replica", 3_600_000);
        snapshots.tokenStore(Jackson3Serializer.builder().build());
        written.created(SHOP, "shop");
        written.domainServed(SHOP, "www.shop.test");
        snapshots.handled(new GlobalSequenceTrackingToken(3));
        snapshots.write();
        snapshots.close();

        SiteDirectory read = new SiteDirectory();
        new SiteDirectorySnapshots(read, file, "replica", 3_600_000).tokenStore(Jackson3Serializer.builder().build());
        assertThat(read.slugAt("www.shop.test")).contains("shop");
    }

    @Test
    void ofAnApexAndItsWwwBothServedTheOwnersChoiceServesAndTheOtherRedirects() throws Exception {
        SiteDirectory directory = new SiteDirectory();
        directory.created(SHOP, "shop");
        directory.created(CAFE, "cafe");
        directory.domainServed(SHOP, "shop.test");
        assertThat(directory.redirectAt("shop.test")).as("alone, a name serves itself").isEmpty();
        directory.domainServed(SHOP, "www.shop.test");
        assertThat(directory.redirectAt("Shop.Test.")).as("www by default").contains("www.shop.test");
        assertThat(directory.redirectAt("www.shop.test")).isEmpty();
        directory.domainPreferred(SHOP, "shop.test");
        assertThat(directory.redirectAt("shop.test")).isEmpty();
        assertThat(directory.redirectAt("www.shop.test")).contains("shop.test");
        directory.domainStopped(SHOP, "shop.test");
        assertThat(directory.redirectAt("www.shop.test")).as("the apex no longer served").isEmpty();
        directory.domainServed(SHOP, "shop.test");
        assertThat(directory.redirectAt("www.shop.test")).as("a failure keeps the choice").contains("shop.test");

        SnapshotStore file = new FileSystemBlobStore(dir.resolve("pairs")).snapshots();
        SiteDirectorySnapshots snapshots = new SiteDirectorySnapshots(directory, file, "replica", 3_600_000);
        snapshots.tokenStore(Jackson3Serializer.builder().build());
        snapshots.handled(new GlobalSequenceTrackingToken(9));
        snapshots.write();
        snapshots.close();
        SiteDirectory read = new SiteDirectory();
        new SiteDirectorySnapshots(read, file, "replica", 3_600_000).tokenStore(Jackson3Serializer.builder().build());
        assertThat(read.redirectAt("www.shop.test")).as("the choice survives a restart").contains("shop.test");

        directory.domainRemoved(SHOP, "shop.test");
        directory.domainServed(SHOP, "shop.test");
        assertThat(directory.redirectAt("shop.test")).as("removal forgets the choice").contains("www.shop.test");
        directory.domainServed(CAFE, "cafe.test");
        directory.domainServed(SHOP, "www.cafe.test");
        assertThat(directory.redirectAt("cafe.test")).as("a pair is one website's").isEmpty();
    }
}
