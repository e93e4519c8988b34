package com.paycore.webhook;

import java.net.URI;
import java.util.List;
import java.util.UUID;

/**
 * Where and how one event goes to one endpoint: the URL, the secrets that sign (the current one first, then the
 * previous one while the rotation's overlap lasts) and the event as the outbox made it.
 */
record Target(UUID endpointId, URI url, List<String> secrets, UUID eventId, String eventType, String body) {

    @Override
    public String toString() { // never the secrets or the body
        return "Target[endpoint=" + endpointId + ", event=" + eventId + ", type=" + eventType + "]";
    }
}
