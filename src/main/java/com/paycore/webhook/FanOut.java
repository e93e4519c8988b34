package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.event.Events.Published;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Ids;

/**
 * Turns newly published events into deliveries: one Pending row, due at once, for every active endpoint of the
 * event's project that enables its type. Runs inside the outbox's dispatch transaction ({@code Events.dispatch}), so
 * an event is marked dispatched exactly when its deliveries exist.
 */
@ApplicationScoped
class FanOut {

    @Inject
    Jdbc jdbc;

    static FanOut over(DataSource dataSource) {
        FanOut fanOut = new FanOut();
        fanOut.jdbc = Jdbc.over(dataSource);
        return fanOut;
    }

    /** Inserts the deliveries of the events (one batch); answers how many. Joins the caller's transaction. */
    int fanOut(List<Published> events, OffsetDateTime now) {
        if (events.isEmpty()) {
            return 0;
        }
        return jdbc.session(session -> {
            Map<UUID, List<String[]>> endpointsByProject = new HashMap<>();
            List<Object[]> deliveries = new ArrayList<>();
            for (Published event : events) {
                List<String[]> endpoints = endpointsByProject.get(event.projectId());
                if (endpoints == null) {
                    endpoints = session.list(WebhookEndpointRepository.ACTIVE_OF_PROJECT, row -> new String[] {row.getObject(1).toString(), row.getString(2)},
                            event.projectId());
                    endpointsByProject.put(event.projectId(), endpoints);
                }
                for (String[] endpoint : endpoints) {
                    if (WebhookEndpoint.wants(endpoint[1], event.type())) {
                        deliveries.add(new Object[] {Ids.newId(), UUID.fromString(endpoint[0]), event.id(), event.type(),
                                now, now});
                    }
                }
            }
            session.batch(WebhookDeliveryRows.INSERT, deliveries);
            return deliveries.size();
        });
    }
}
