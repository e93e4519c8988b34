package com.paycore.platform.web;

import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Anything unexpected: logged with a correlation id (the request id) and answered 500 with a generic
 * message carrying the same id. The exception's text never reaches the caller.
 */
@Provider
public class UnexpectedErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedErrorMapper.class.getName());

    @Override
    public Response toResponse(Throwable e) {
        return internal(e);
    }

    static final String CONCURRENT_CHANGE = "Another request changed this resource at the same time; read it again and retry";

    /** An optimistic-lock failure anywhere in the chain (JPA's, or EclipseLink's own before JPA wraps it). */
    static boolean isConcurrentChange(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OptimisticLockException
                    || "org.eclipse.persistence.exceptions.OptimisticLockException".equals(t.getClass().getName())) {
                return true;
            }
        }
        return false;
    }

    static Response internal(Throwable e) {
        String correlationId = RequestIds.current();
        if (DatabaseOutage.isOutage(e)) {
            // Not a defect: the database is away (restarting, unreachable). 503, so clients and load balancers retry.
            LOG.warning(() -> "Database unreachable, answered 503, correlation id " + correlationId + ": "
                    + DatabaseOutage.summary(e));
            Response answer = ErrorResponses.of(ErrorCode.DATABASE_UNAVAILABLE, correlationId);
            return Response.fromResponse(answer).header("Retry-After", "5").build();
        }
        if (isConcurrentChange(e)) {
            // Not a defect either: another request changed the same row first (its version moved on); nothing of this
            // request was written. 409, like any other request that lost a race, so the caller reads again and retries.
            LOG.info(() -> "Concurrent change, answered 409, correlation id " + correlationId);
            return ErrorResponses.of(ErrorCode.CONFLICT, CONCURRENT_CHANGE);
        }
        LOG.log(Level.SEVERE, "Unexpected error, correlation id " + correlationId, e);
        return ErrorResponses.of(ErrorCode.INTERNAL, correlationId);
    }
}
