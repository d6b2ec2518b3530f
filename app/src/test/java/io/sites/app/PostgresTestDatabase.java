package io.sites.app;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A fresh PostgreSQL database for one test context, on the server that CI starts (SITES_TEST_PG, default
 * 127.0.0.1:5432 as user postgres). Nothing is shared between runs; the database is dropped at JVM exit.
 */
public final class PostgresTestDatabase {
    private static final String SERVER = System.getenv().getOrDefault("SITES_TEST_PG", "127.0.0.1:5432");
    private static final String USER = System.getenv().getOrDefault("SITES_TEST_PG_USER", "postgres");

    private PostgresTestDatabase() {
    }

    public static String create() {
        String name = "sites_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("create database " + name);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                execute("drop database if exists " + name + " with (force)");
            } catch (RuntimeException ignored) {
                // the server may be gone already; the name is unique, so a leftover harms nothing
            }
        }));
        return "jdbc:postgresql://" + SERVER + "/" + name;
    }

    public static String user() {
        return USER;
    }

    private static void execute(String sql) {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://" + SERVER + "/postgres", USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + SERVER + " is needed for this test: " + e.getMessage(), e);
        }
    }
}
