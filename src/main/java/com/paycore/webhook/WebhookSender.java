package com.paycore.webhook;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * One signed POST of an event to an endpoint (DESIGN.md section 10), with the JDK's HTTP client: the event's bytes as
 * the outbox made them, {@code Content-Type: application/json}, {@code Payments-Event-Id}, {@code Payments-Event-Type}
 * and {@code Payments-Signature}. Connect and answer within {@code payments.webhooks.timeout-ms} (10 s), no redirect
 * followed, the target's addresses checked again first. The answer's body is discarded unread: nothing of it is kept.
 */
@ApplicationScoped
class WebhookSender {

    static final String EVENT_ID = "Payments-Event-Id";
    static final String EVENT_TYPE = "Payments-Event-Type";
    static final String SIGNATURE = "Payments-Signature";

    @Inject
    WebhookSettings settings;

    @Inject
    Clock clock;

    private HttpClient client;

    @PostConstruct
    void build() {
        client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(settings.timeout())
                .build();
    }

    /** Sends the event; the future always completes normally, with the outcome. */
    CompletableFuture<Outcome> send(Target target) {
        OffsetDateTime attemptedAt = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC);
        long started = System.nanoTime();
        Optional<String> refused = TargetGuard.refusal(target.url(), settings.allowPrivateTargets());
        if (refused.isPresent()) {
            return CompletableFuture.completedFuture(new Outcome(attemptedAt, null, "target refused: " + refused.get(),
                    elapsed(started)));
        }
        byte[] body = target.body().getBytes(StandardCharsets.UTF_8);
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(target.url())
                    .timeout(settings.timeout())
                    .header("Content-Type", "application/json")
                    .header("User-Agent", "payments-webhooks/1")
                    .header(EVENT_ID, target.eventId().toString())
                    .header(EVENT_TYPE, target.eventType())
                    .header(SIGNATURE, Signatures.header(attemptedAt.toEpochSecond(), body, target.secrets()))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(new Outcome(attemptedAt, null, "the URL cannot be requested",
                    elapsed(started)));
        }
        long timeoutMillis = settings.timeout().toMillis();
        CompletableFuture<HttpResponse<Void>> exchange = client.sendAsync(request, HttpResponse.BodyHandlers.discarding());
        return exchange.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS).handle((response, failure) -> {
            long duration = elapsed(started);
            if (failure == null) {
                int status = response.statusCode();
                String error = status >= 300 && status < 400 ? "redirect not followed" : null;
                return new Outcome(attemptedAt, status, error, duration);
            }
            exchange.cancel(true);
            return new Outcome(attemptedAt, null, describe(failure, timeoutMillis), duration);
        });
    }

    /** A failure in a few words: never an exception's class name or message, which may quote the receiver. */
    static String describe(Throwable failure, long timeoutMillis) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof HttpConnectTimeoutException) {
            return "connect timed out after " + timeoutMillis + " ms";
        }
        if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
            return "no answer within " + timeoutMillis + " ms";
        }
        if (cause instanceof ConnectException) {
            return "connection refused or unreachable";
        }
        if (cause instanceof javax.net.ssl.SSLException) {
            return "TLS handshake or certificate failed";
        }
        if (cause instanceof IOException) {
            return "connection failed";
        }
        return "request failed";
    }

    private static long elapsed(long started) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    }
}
