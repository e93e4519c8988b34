package com.paycore.diag;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Benchmark only (bench/hotpath.sh), never in the built WAR: the least database work a hot path can do, through the
 * service's own datasource (Payara's pool, pgjdbc, PostgreSQL), answering a two-field object as {@link Hello} does.
 * {@code GET diag/floor?id=} reads one transaction row by its primary key (one checkout, one round trip: what E16 by
 * id cannot do with less); {@code POST diag/floor} inserts one row and commits; {@code POST diag/floor?id=} reads that
 * row by its key and then inserts one row and commits, on one connection (what E10 and an authorization cannot do with
 * less: each must check its key, and read what its processor call needs, before it calls the processor and writes).
 * Their share of our trivial GET, in the same run, is the floor of the hot paths' shares on this server: a goal above
 * it is out of the service's reach.
 */
@Path("diag/floor")
public class Floor {

    public record Answer(String floor, long at) {
    }

    private static volatile DataSource dataSource;

    private static DataSource dataSource() throws NamingException, SQLException {
        DataSource found = dataSource;
        if (found == null) {
            synchronized (Floor.class) {
                if (dataSource == null) {
                    DataSource looked = InitialContext.doLookup("java:app/jdbc/payments");
                    try (Connection c = looked.getConnection(); Statement s = c.createStatement()) {
                        s.execute("create table if not exists bench_floor (id uuid primary key, at timestamp with time zone not null)");
                    }
                    dataSource = looked;
                }
                found = dataSource;
            }
        }
        return found;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Answer read(@QueryParam("id") UUID id) throws NamingException, SQLException {
        try (Connection c = dataSource().getConnection()) {
            return new Answer(readOne(c, id) ? "read" : "none", System.currentTimeMillis());
        }
    }

    /** One transaction row by its primary key: whether there is one. */
    private static boolean readOne(Connection c, UUID id) throws SQLException {
        try (PreparedStatement read = c.prepareStatement("select amount from transactions where id = ?")) {
            read.setObject(1, id);
            try (ResultSet row = read.executeQuery()) {
                return row.next();
            }
        }
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public Answer write(@QueryParam("id") UUID readFirst) throws NamingException, SQLException {
        try (Connection c = dataSource().getConnection()) {
            String floor = readFirst == null ? "written" : readOne(c, readFirst) ? "read-written" : "none-written";
            try (PreparedStatement insert = c.prepareStatement("insert into bench_floor (id, at) values (?, ?)")) {
                // ThreadLocalRandom: UUID.randomUUID() takes the JVM-wide NativePRNG lock (docs/PERFORMANCE.md)
                insert.setObject(1, new UUID(ThreadLocalRandom.current().nextLong(), ThreadLocalRandom.current().nextLong()));
                insert.setObject(2, OffsetDateTime.now());
                insert.executeUpdate();
            }
            return new Answer(floor, System.currentTimeMillis());
        }
    }
}
