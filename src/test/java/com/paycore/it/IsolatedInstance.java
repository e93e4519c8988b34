package com.paycore.it;

import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * One extra instance on a database schema of its own (so that no other instance claims its work), shared by the
 * scenarios that each booted one of their own: the report limits (a report statement timeout of 5 s and one report
 * per company at a time, ReportScenarios) and the webhook fairness by company (an attempt timeout of 60 s, so that no
 * slot a hanging target holds frees during the test, WebhookScenarios). Neither touches what the other sets: the
 * report scenarios make no webhook endpoint, and the fairness scenario runs no report. Its boot begins with the run
 * ({@link #boot}, from ApiIT) and overlaps the first scenarios; it is stopped and its schema dropped once the last of
 * the two classes that use it has ended ({@link #release}; its idle jobs would take CPU from the rest of the run), or
 * at the end.
 */
final class IsolatedInstance {

    /** The report statement timeout of this instance (the report limits' scenario waits it out). */
    static final Duration REPORT_TIMEOUT = Duration.ofSeconds(5);

    /** The scenario classes of ApiIT that use the instance. */
    private static final Set<String> USERS = Set.of("Reports", "Webhooks");
    private static final Set<String> released = new HashSet<>();

    private static ExtraInstance instance;
    private static ExtraInstance.Database db;

    private IsolatedInstance() {
    }

    /** Starts the instance without waiting for it. */
    static synchronized void boot() throws Exception {
        if (instance == null) {
            db = ExtraInstance.Database.fresh("isolated");
            Map<String, String> settings = db.settings();
            settings.put("payments.reports.statement-timeout", REPORT_TIMEOUT.toString());
            settings.put("payments.reports.max-concurrent-per-company", "1");
            settings.put("payments.reports.sync-interval-seconds", "0");
            settings.put("payments.webhooks.timeout-ms", "60000");
            instance = ExtraInstance.startInBackground("isolated", settings);
        }
    }

    /** The instance, once ready. */
    static ExtraInstance instance() throws Exception {
        boot();
        return instance.awaitReady();
    }

    /** Its database. */
    static synchronized ExtraInstance.Database db() throws Exception {
        boot();
        return db;
    }

    /** Whether a class that uses the instance runs (OnlyScenarios): ApiIT boots it at the start then. */
    static boolean needed() {
        return USERS.stream().anyMatch(OnlyScenarios::selected);
    }

    /** A user's class has ended: once every selected user has (OnlyScenarios), the instance is stopped. */
    static synchronized void release(String user) throws Exception {
        released.add(user);
        if (USERS.stream().filter(OnlyScenarios::selected).allMatch(released::contains)) {
            stop();
        }
    }

    static synchronized void stop() throws Exception {
        if (instance != null) {
            instance.close();
            db.drop();
            instance = null;
        }
    }
}
