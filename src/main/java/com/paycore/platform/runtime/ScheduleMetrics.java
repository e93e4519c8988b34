package com.paycore.platform.runtime;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The runs of the periodic jobs on this instance ({@link Schedules}): {@code payments_job_runs_total{job, outcome}}
 * and {@code payments_job_last_success_timestamp_seconds{job}} (settlement, report-sync, chargeback-auto-accept,
 * webhook-delivery...). The metric objects of a job are resolved at its first run.
 */
@ApplicationScoped
class ScheduleMetrics {

    @Inject
    MetricRegistry registry;

    private final Map<String, Job> jobs = new ConcurrentHashMap<>();

    void ran(String name, boolean succeeded) {
        jobs.computeIfAbsent(name, Job::new).ran(succeeded);
    }

    private final class Job {

        final Counter succeeded;
        final Counter failed;
        final AtomicLong lastSuccess = new AtomicLong();

        Job(String name) {
            Metadata runs = Metadata.builder().withName("payments_job_runs")
                    .withDescription("Runs of a periodic job on this instance, by outcome").build();
            Tag job = new Tag("job", name);
            succeeded = registry.counter(runs, job, new Tag("outcome", "success"));
            failed = registry.counter(runs, job, new Tag("outcome", "failure"));
            registry.gauge(Metadata.builder().withName("payments_job_last_success_timestamp")
                    .withDescription("When the job last ended well on this instance (Unix time)")
                    .withUnit(MetricUnits.SECONDS).build(), lastSuccess, t -> t.get() / 1000.0, job);
        }

        void ran(boolean ok) {
            if (ok) {
                succeeded.inc();
                lastSuccess.set(System.currentTimeMillis());
            } else {
                failed.inc();
            }
        }
    }
}
