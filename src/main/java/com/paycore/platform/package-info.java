/**
 * The kernel every feature uses and that uses no feature: the envelope, the error catalogue and its mappers, request
 * plumbing (request ids, strict JSON and parameters, paging), crypto primitives (secret box, secrets, PEM), the
 * persistence base (timestamps, UUID conversion, unique violations, schema migration, datasource), configuration, and
 * the application's start order ({@link com.paycore.platform.StartupOrder}) and periodic jobs
 * ({@link com.paycore.platform.Schedules}).
 */
package com.paycore.platform;
