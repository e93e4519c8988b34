package com.paycore.webhook;

import java.time.Duration;
import java.util.Locale;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.Config;

import com.paycore.platform.runtime.Settings;

/**
 * The webhook settings, read once at startup; a bad value stops the start with a message naming the setting.
 * {@code payments.webhooks.allow-private-targets} (default false), {@code .poll-ms} (how often each instance looks for
 * work, default 1000), {@code .timeout-ms} (connect and answer, default 10000), {@code .retry-schedule}
 * ({@link RetrySchedule}) and {@code .give-up-hours} (default 72: a delivery still failing that long after its event
 * is Failed, and an endpoint whose every attempt failed that long is disabled). Against one tenant starving the
 * others: {@code .max-endpoints-per-project} (default 16), {@code .max-concurrent-sends} (attempts in
 * flight per instance, default 64), {@code .max-in-flight-per-project} (attempts in flight per instance for one
 * project, default 8), {@code .max-in-flight-per-company} (attempts in flight per instance for one company, all its
 * projects together, default 16) and {@code .dns-timeout-ms} (how long a target's name may take to resolve, default 2000).
 */
@ApplicationScoped
class WebhookSettings {

    static final String ALLOW_PRIVATE_TARGETS = "payments.webhooks.allow-private-targets";
    static final String POLL_MS = "payments.webhooks.poll-ms";
    static final String TIMEOUT_MS = "payments.webhooks.timeout-ms";
    static final String GIVE_UP_HOURS = "payments.webhooks.give-up-hours";
    static final String MAX_ENDPOINTS = "payments.webhooks.max-endpoints-per-project";
    static final String MAX_SENDS = "payments.webhooks.max-concurrent-sends";
    static final String MAX_PER_PROJECT = "payments.webhooks.max-in-flight-per-project";
    static final String MAX_PER_COMPANY = "payments.webhooks.max-in-flight-per-company";
    static final String DNS_TIMEOUT_MS = "payments.webhooks.dns-timeout-ms";

    private boolean allowPrivateTargets;
    private long pollMillis;
    private Duration timeout;
    private RetrySchedule schedule;
    private Duration giveUp;
    private int maxEndpointsPerProject = 16;
    private int maxConcurrentSends = 64;
    private int maxInFlightPerProject = 8;
    private int maxInFlightPerCompany = 16;
    private Duration dnsTimeout = Duration.ofMillis(2000);

    @Inject
    Config config;

    @PostConstruct
    void read() {
        allowPrivateTargets = flag(ALLOW_PRIVATE_TARGETS, Settings.value(config, ALLOW_PRIVATE_TARGETS));
        pollMillis = positive(POLL_MS, Settings.value(config, POLL_MS), 1000);
        timeout = Duration.ofMillis(positive(TIMEOUT_MS, Settings.value(config, TIMEOUT_MS), 10_000));
        schedule = RetrySchedule.parse(Settings.value(config, RetrySchedule.SETTING));
        giveUp = Duration.ofHours(positive(GIVE_UP_HOURS, Settings.value(config, GIVE_UP_HOURS), 72));
        maxEndpointsPerProject = (int) Math.min(10_000,
                positive(MAX_ENDPOINTS, Settings.value(config, MAX_ENDPOINTS), 16));
        maxConcurrentSends = (int) Math.min(1000, positive(MAX_SENDS, Settings.value(config, MAX_SENDS), 64));
        maxInFlightPerProject = (int) Math.min(maxConcurrentSends,
                positive(MAX_PER_PROJECT, Settings.value(config, MAX_PER_PROJECT), 8));
        maxInFlightPerCompany = (int) Math.min(maxConcurrentSends,
                positive(MAX_PER_COMPANY, Settings.value(config, MAX_PER_COMPANY), 16));
        dnsTimeout = Duration.ofMillis(positive(DNS_TIMEOUT_MS, Settings.value(config, DNS_TIMEOUT_MS), 2000));
    }

    /** Settings given outright (tests). */
    static WebhookSettings of(boolean allowPrivateTargets, long pollMillis, Duration timeout, RetrySchedule schedule,
                              Duration giveUp) {
        WebhookSettings settings = new WebhookSettings();
        settings.allowPrivateTargets = allowPrivateTargets;
        settings.pollMillis = pollMillis;
        settings.timeout = timeout;
        settings.schedule = schedule;
        settings.giveUp = giveUp;
        return settings;
    }

    /** These settings with other bounds on sending (tests). */
    WebhookSettings bounded(int maxConcurrentSends, int maxInFlightPerProject, Duration dnsTimeout) {
        WebhookSettings settings = of(allowPrivateTargets, pollMillis, timeout, schedule, giveUp);
        settings.maxEndpointsPerProject = maxEndpointsPerProject;
        settings.maxConcurrentSends = maxConcurrentSends;
        settings.maxInFlightPerProject = maxInFlightPerProject;
        settings.maxInFlightPerCompany = maxConcurrentSends;
        settings.dnsTimeout = dnsTimeout;
        return settings;
    }

    boolean allowPrivateTargets() {
        return allowPrivateTargets;
    }

    long pollMillis() {
        return pollMillis;
    }

    Duration timeout() {
        return timeout;
    }

    RetrySchedule schedule() {
        return schedule;
    }

    Duration giveUp() {
        return giveUp;
    }

    int maxEndpointsPerProject() {
        return maxEndpointsPerProject;
    }

    int maxConcurrentSends() {
        return maxConcurrentSends;
    }

    int maxInFlightPerProject() {
        return maxInFlightPerProject;
    }

    int maxInFlightPerCompany() {
        return maxInFlightPerCompany;
    }

    Duration dnsTimeout() {
        return dnsTimeout;
    }

    static boolean flag(String key, String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, got " + value);
        };
    }

    static long positive(String key, String value, long fallback) {
        long number = Settings.wholeOrOff(key, value, fallback);
        if (number < 1) {
            throw new IllegalArgumentException(key + " must be 1 or more, got " + value);
        }
        return number;
    }
}
