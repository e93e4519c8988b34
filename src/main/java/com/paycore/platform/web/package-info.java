/**
 * The HTTP face every feature shares: the JAX-RS application ({@link PaymentsApplication}), the envelope every answer
 * and refusal is written in ({@link Envelope}, {@link Answer}, {@link StrictJson}), the error catalogue
 * ({@link ErrorCode}, {@link AppException}), the exception mappers that turn any failure into an envelope (a
 * database outage into a 503, {@link DatabaseOutage}), request ids ({@link RequestIds}) and the container's error
 * pages ({@link ErrorPageServlet}). The platform's lowest room: it uses no other.
 */
package com.paycore.platform.web;
