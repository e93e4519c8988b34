package com.paycore.webhook;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import com.paycore.event.Events.Published;
import com.paycore.platform.data.Datasource;
import com.paycore.platform.input.Ids;

/**
 * Turns newly published events into deliveries: one Pending row, due at once, for every active endpoint of the
 * event's project that enables its type. Runs inside the outbox's dispatch transaction ({@code Events.dispatch}), so
 * an event is marked dispatched exactly when its deliveries exist.
 */
@ApplicationScoped
class FanOut {

    static final String ENDPOINTS = "select id, enabled_events from webhook_endpoints where project_id = ? and is_active = true";
    static final String INSERT = "insert into webhook_deliveries (id, endpoint_id, event_id, event_type, status, attempts, "
            + "next_attempt_at, created_at) values (?, ?, ?, ?, 'Pending', 0, ?, ?)";

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    static FanOut over(DataSource dataSource) {
        FanOut fanOut = new FanOut();
        fanOut.dataSource = dataSource;
        return fanOut;
    }

    /** Inserts the deliveries of the events; answers how many. Joins the caller's transaction. */
    int fanOut(List<Published> events, OffsetDateTime now) {
        if (events.isEmpty()) {
            return 0;
        }
        try (Connection connection = dataSource.getConnection()) {
            Map<UUID, List<String[]>> endpointsByProject = new HashMap<>();
            int inserted = 0;
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                for (Published event : events) {
                    List<String[]> endpoints = endpointsByProject.get(event.projectId());
                    if (endpoints == null) {
                        endpoints = endpoints(connection, event.projectId());
                        endpointsByProject.put(event.projectId(), endpoints);
                    }
                    for (String[] endpoint : endpoints) {
                        if (WebhookEndpoint.wants(endpoint[1], event.type())) {
                            insert.setObject(1, Ids.newId());
                            insert.setObject(2, UUID.fromString(endpoint[0]));
                            insert.setObject(3, event.id());
                            insert.setString(4, event.type());
                            insert.setObject(5, now);
                            insert.setObject(6, now);
                            insert.addBatch();
                            inserted++;
                        }
                    }
                }
                if (inserted > 0) {
                    insert.executeBatch();
                }
            }
            return inserted;
        } catch (SQLException e) {
            throw new IllegalStateException("webhook fan-out failed (SQL state " + e.getSQLState() + ")", e);
        }
    }

    private static List<String[]> endpoints(Connection connection, UUID projectId) throws SQLException {
        List<String[]> endpoints = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(ENDPOINTS)) {
            select.setObject(1, projectId);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    endpoints.add(new String[] {row.getObject(1).toString(), row.getString(2)});
                }
            }
        }
        return endpoints;
    }
}
