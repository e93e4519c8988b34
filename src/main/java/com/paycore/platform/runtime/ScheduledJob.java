package com.paycore.platform.runtime;

/**
 * A feature's periodic job: {@link Schedules} arms every bean of this type at startup ({@link StartupOrder#SCHEDULES}),
 * when the schema, the keys and the first rows are in place. A setting that does not parse throws from {@link #arm},
 * which stops the deployment.
 */
public interface ScheduledJob {

    /** Plans the job's runs ({@link Schedules#every}, {@link Schedules#at}), or logs that it is off. */
    void arm(Schedules schedules);
}
