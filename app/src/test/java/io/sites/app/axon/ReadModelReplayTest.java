package io.sites.app.axon;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.app.Bundles;
import io.sites.app.EmbeddedAppTest;
import io.sites.app.Http;
import io.sites.api.id.AccountId;
import io.sites.api.command.AddCollaboratorCommand;
import io.sites.api.Category;
import io.sites.api.command.CreateWebsiteCommand;
import io.sites.api.command.DeleteWebsiteCommand;
import io.sites.api.id.JobId;
import io.sites.api.site.ManifestEntry;
import io.sites.api.blob.BlobStore;
import io.sites.api.command.PromoteVersionCommand;
import io.sites.api.command.PublishVersionCommand;
import io.sites.api.command.RemoveCollaboratorCommand;
import io.sites.api.command.SetSitePasswordCommand;
import io.sites.api.id.WebsiteId;
import io.sites.app.identity.Accounts;
import io.sites.command.publish.ReadModels;
import io.sites.query.website.ReadModelReplay;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** After a history of more than 1,000 events, a replay rebuilds exactly the live read model, while reads go on. */
class ReadModelReplayTest extends EmbeddedAppTest {
    @Autowired
    CommandGateway commands;
    @Autowired
    ReadModels readModels;
    @Autowired
    ReadModelReplay replay;
    @Autowired
    Accounts accounts;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    BlobStore blobs;
    /** Digests of stored bytes: a command naming bytes the store lacks is refused (ARCHITECTURE, "The life of a blob"). */
    private String page;
    private String logo;

    @Test
    void replayYieldsTheLiveModel() throws Exception {
        page = blobs.write("<p>replayed</p>".getBytes(java.nio.charset.StandardCharsets.UTF_8)).sha256();
        logo = blobs.write(new byte[] {(byte) 0x89, 'P', 'N', 'G'}).sha256();
        AccountId owner = accounts.byUsername("alice").orElseThrow();
        AccountId editor = accounts.byUsername("bob").orElseThrow();
        List<WebsiteId> sites = new ArrayList<>();
        Map<String, Integer> promoted = new LinkedHashMap<>();
        for (int s = 0; s < 40; s++) {
            WebsiteId site = WebsiteId.generate();
            sites.add(site);
            commands.sendAndWait(new CreateWebsiteCommand(site, owner, "Site " + s, Bundles.unique("replay" + s),
                    Category.OTHER, s % 2 == 0 ? "about " + s : null, JobId.generate(), files(s, 0)));
            for (int v = 1; v < 24; v++) {
                commands.sendAndWait(new PublishVersionCommand(site, owner, JobId.generate(), "v" + v, v % 4 != 0,
                        files(s, v)));
            }
            if (s % 2 == 1) {
                // Rollbacks and promotions of stored versions: the live version moves back and forth.
                commands.sendAndWait(new PromoteVersionCommand(site, 1 + s % 20, owner));
                commands.sendAndWait(new PromoteVersionCommand(site, 4, owner));
                commands.sendAndWait(new PromoteVersionCommand(site, 2 + s % 9, owner));
                promoted.put(site.value(), 2 + s % 9);
            }
            commands.sendAndWait(new AddCollaboratorCommand(site, owner, editor));
            if (s % 3 == 0) {
                commands.sendAndWait(new RemoveCollaboratorCommand(site, owner, editor));
            }
            if (s % 5 == 0) {
                commands.sendAndWait(new SetSitePasswordCommand(site, owner, "hash-" + s));
            }
            if (s % 7 == 0) {
                commands.sendAndWait(new DeleteWebsiteCommand(site, owner));
            }
        }
        sites.forEach(readModels::awaitWebsite);
        assertThat(jdbc.queryForObject("select count(*) from domainevententry", Long.class)).isGreaterThan(1000);
        Map<String, List<Map<String, Object>>> live = model();
        assertThat(live.get("qs_version")).hasSizeGreaterThanOrEqualTo(40 * 24);

        // Damage the model as a bug would: only a real rebuild from the events can restore it.
        jdbc.update("update qs_website set name = 'damaged'");
        jdbc.update("delete from qs_version_file where path = 'index.html'");
        jdbc.update("delete from qs_collaborator");
        assertThat(model()).isNotEqualTo(live);

        // What readers see before the rebuild; during it they must see all of it, never a half-built model.
        WebsiteId sample = sites.get(1);
        int listed = http().get("/v1/websites", ALICE).json().get("items").size();
        int versions = http().get("/v1/websites/" + sample.value(), ALICE).json().get("versions").size();
        assertThat(versions).isEqualTo(24);
        String history = http().get("/v1/websites/" + sample.value() + "/history?limit=100", ALICE).text();
        assertThat(history).contains("version.promoted", "collaborator.added");

        replay.replay("read-model");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        int readsDuringReplay = 0;
        while (replay.isReplaying("read-model")) {
            Http.Response list = http().get("/v1/websites", ALICE);
            assertThat(list.status()).isEqualTo(200);
            assertThat(list.json().get("items").size()).as("the list is complete during the rebuild").isEqualTo(listed);
            Http.Response one = http().get("/v1/websites/" + sample.value(), ALICE);
            assertThat(one.status()).as("an existing website never disappears during the rebuild").isEqualTo(200);
            assertThat(one.json().get("versions").size()).isEqualTo(versions);
            readsDuringReplay++;
            assertThat(System.nanoTime()).as("replay finished in time").isLessThan(deadline);
        }
        assertThat(readsDuringReplay).as("the rebuild was observed while it ran").isPositive();
        assertThat(model()).isEqualTo(live);
        assertThat(http().get("/v1/websites/" + sample.value() + "/history?limit=100", ALICE).text())
                .as("the history is read from the event store, not from the rebuilt model").isEqualTo(history);
        assertThat(jdbc.queryForObject("select count(*) from qs_read_freeze", Integer.class)).isZero();
        promoted.forEach((site, version) -> assertThat(jdbc.queryForObject(
                "select current_version from qs_website where id = ?", Integer.class, site))
                .as("the last promotion of " + site + " after the replay").isEqualTo(version));
    }

    private List<ManifestEntry> files(int site, int version) {
        return List.of(new ManifestEntry("index.html", "text/html", 100 + site + version, page),
                new ManifestEntry("img/logo-" + version + ".png", "image/png", 1000L * version, logo));
    }

    private Map<String, List<Map<String, Object>>> model() {
        Map<String, List<Map<String, Object>>> model = new LinkedHashMap<>();
        model.put("qs_website", jdbc.queryForList("select * from qs_website order by id"));
        model.put("qs_version", jdbc.queryForList("select * from qs_version order by job_id"));
        model.put("qs_version_file", jdbc.queryForList("select * from qs_version_file order by job_id, path"));
        model.put("qs_collaborator", jdbc.queryForList("select * from qs_collaborator order by website_id, account_id"));
        return model;
    }
}
