package io.sites.app.fleet;

import io.sites.app.PostgresTestDatabase;
import io.sites.app.ServiceProcess;
import io.sites.blob.S3ProxyServer;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two {@code api} and two {@code sites} replicas of the real service, each a JVM of its own (no test classes on its
 * classpath), on one fresh PostgreSQL database and one real S3-protocol server (s3proxy), addressed directly on
 * loopback: the shape of docker-compose.yml without the proxy in front.
 */
final class Fleet implements AutoCloseable {
    /** The read model's tracking processor, whose segments api replicas share through {@code tokenentry}. */
    static final String READ_MODEL = "read-model";

    private final S3ProxyServer s3;
    private final String database;
    /** Each replica's name (its HOSTNAME): the start of its claims on the read model's segments. */
    private final Map<ServiceProcess, String> names = new HashMap<>();
    final ServiceProcess api1;
    final ServiceProcess api2;
    final ServiceProcess sites1;
    final ServiceProcess sites2;

    private Fleet(S3ProxyServer s3, String database) throws Exception {
        this.s3 = s3;
        this.database = database;
        api1 = replica("api-1", "api");
        api2 = replica("api-2", "api");
        sites1 = replica("sites-1", "sites");
        sites2 = replica("sites-2", "sites");
    }

    /**
     * api-1 first, alone: it migrates the schema, seeds the token, creates the bucket and claims the read model
     * before anyone else can; then the other three at once. Returns when all four are ready.
     */
    static Fleet start() throws Exception {
        S3ProxyServer s3 = new S3ProxyServer().start();
        Fleet fleet = null;
        try {
            fleet = new Fleet(s3, PostgresTestDatabase.create());
            fleet.api1.launch();
            fleet.api1.awaitReady();
            fleet.awaitReadModelOwner(fleet.api1);
            List<ServiceProcess> rest = List.of(fleet.api2, fleet.sites1, fleet.sites2);
            for (ServiceProcess replica : rest) {
                replica.launch();
            }
            try (ExecutorService waits = Executors.newFixedThreadPool(rest.size())) {
                List<Future<?>> ready = new ArrayList<>();
                for (ServiceProcess replica : rest) {
                    ready.add(waits.submit(() -> {
                        replica.awaitReady();
                        return null;
                    }));
                }
                for (Future<?> each : ready) {
                    each.get();
                }
            }
            return fleet;
        } catch (Exception | Error failed) {
            if (fleet != null) {
                fleet.close();
            } else {
                s3.close();
            }
            throw failed;
        }
    }

    /**
     * One replica's environment: its role (SITES_ROLES), its name (HOSTNAME names the site directory's snapshot),
     * the shared database and bucket, small pools and heaps (PostgreSQL's 100 connections and the CI machine's two
     * cores are shared with the rest of the suite).
     */
    private ServiceProcess replica(String name, String roles) throws Exception {
        Map<String, String> environment = new HashMap<>(Map.ofEntries(
                Map.entry("SITES_ROLES", roles),
                Map.entry("HOSTNAME", name),
                Map.entry("SITES_SITE_HOST", "localhost"),
                // The ledger reads every version at its own host: durability is checked here, preview grants elsewhere.
                Map.entry("SITES_PREVIEWS", "public"),
                Map.entry("SITES_PUBLISHES_PER_MINUTE", "1000000"),
                Map.entry("SITES_QUOTA_REQUESTS_SECOND", "1000000"),
                Map.entry("SITES_WEBSITES_PER_ACCOUNT", "10000"),
                Map.entry("SITES_SITE_SERVER_CACHE_BYTES", "16777216"),
                Map.entry("SPRING_PROFILES_ACTIVE", "postgres"),
                Map.entry("SPRING_DATASOURCE_URL", database),
                Map.entry("SPRING_DATASOURCE_USERNAME", PostgresTestDatabase.user()),
                Map.entry("SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE", "4"),
                Map.entry("SITES_BLOB_STORE", "s3"),
                Map.entry("SITES_S3_BUCKET", "fleet"),
                Map.entry("SITES_S3_ENDPOINT", s3.endpoint().toString()),
                Map.entry("SITES_S3_REGION", s3.region()),
                Map.entry("SITES_S3_PATH_STYLE", "true"),
                Map.entry("SITES_S3_ACCESS_KEY", s3.identity()),
                Map.entry("SITES_S3_SECRET_KEY", s3.credential()),
                Map.entry("SITES_S3_CREATE_BUCKET", "true")));
        ServiceProcess replica = new ServiceProcess(Files.createTempDirectory("sites-fleet-" + name), environment,
                List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")).withManagementPort();
        names.put(replica, name);
        return replica;
    }

    /**
     * The owner of each segment of the read model's processor (the replica's name and its process's random suffix,
     * or null while unclaimed).
     */
    List<String> readModelOwners() throws SQLException {
        try (Connection connection = DriverManager.getConnection(database, PostgresTestDatabase.user(), null);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select owner from tokenentry where processorname = '"
                        + READ_MODEL + "' order by segment")) {
            List<String> owners = new ArrayList<>();
            while (rows.next()) {
                owners.add(rows.getString(1));
            }
            return owners;
        }
    }

    /**
     * Waits, at most a minute, until {@link #ownsReadModel} holds for these replicas. A segment is unclaimed for a
     * moment while a replica hands its share to one that has just started (ReadModelSegments).
     */
    void awaitReadModelOwner(ServiceProcess... replicas) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!ownsReadModel(replicas)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the read model is owned by " + readModelOwners() + ", not by "
                        + Arrays.stream(replicas).map(names::get).toList() + "; log in " + replicas[0].log());
            }
            Thread.sleep(50);
        }
    }

    /** Whether every segment of the read model is claimed by one of these replicas (none is ever restarted). */
    boolean ownsReadModel(ServiceProcess... replicas) throws SQLException {
        List<String> owners = readModelOwners();
        return !owners.isEmpty() && owners.stream().allMatch(owner -> owner != null
                && Arrays.stream(replicas).anyMatch(replica -> owner.startsWith(names.get(replica) + "-")));
    }

    /** Stops every replica still running, then the S3 server; the first failure is thrown after all were tried. */
    @Override
    public void close() throws Exception {
        Exception first = null;
        for (ServiceProcess replica : List.of(api1, api2, sites1, sites2)) {
            try {
                replica.close();
            } catch (Exception | AssertionError failed) {
                first = first == null ? new Exception("stopping the fleet", failed) : first;
            }
        }
        s3.close();
        if (first != null) {
            throw first;
        }
    }
}
