/**
 * How the application lives: settings read before MicroProfile Config is available ({@link Settings},
 * {@link EnvironmentNamedProperties}), the order of the startup work ({@link StartupOrder}), the production guard
 * ({@link ProductionGuard}), warm-up ({@link WarmUp}), the periodic jobs ({@link Schedules}, {@link ScheduleMetrics}),
 * draining at shutdown ({@link Draining}), the per-request metrics ({@link HttpMetrics}) and the clock
 * ({@link Clocks}). Uses the {@code web} room only.
 */
package com.paycore.platform.runtime;
