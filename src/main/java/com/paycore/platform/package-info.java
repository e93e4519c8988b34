/**
 * The kernel every feature uses and that uses no feature: the envelope, the error catalogue and its mappers, request
 * plumbing (request ids, strict JSON and parameters, paging), crypto primitives (secret box, secrets, PEM), the
 * persistence base (timestamps, UUID conversion, unique violations, schema migration, datasource) and configuration.
 */
package com.paycore.platform;
