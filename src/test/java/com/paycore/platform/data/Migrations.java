package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;

import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

/**
 * The application's changelog run on a test's database, whole or up to a change set: what a migration test needs to
 * put rows in the schema as it was, then migrate them. The connection stays open.
 */
public final class Migrations {

    private Migrations() {
    }

    /** Runs the change sets still to run that come before {@code changeSetId}, which must be one of them. */
    public static void before(Connection c, String changeSetId) throws Exception {
        Liquibase liquibase = liquibase(c);
        List<String> unrun = liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()).stream()
                .map(changeSet -> changeSet.getId()).toList();
        int before = unrun.indexOf(changeSetId);
        assertTrue(before > 0, changeSetId + " is not among the change sets still to run, after another: " + unrun);
        liquibase.update(before, "");
    }

    /** Runs every change set still to run. */
    public static void all(Connection c) throws Exception {
        liquibase(c).update("");
    }

    private static Liquibase liquibase(Connection c) throws Exception {
        var database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
        return new Liquibase(SchemaMigration.CHANGELOG, new ClassLoaderResourceAccessor(), database);
    }
}
