package com.paycore.platform;

import java.util.logging.Level;
import java.util.logging.Logger;

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

    static Response internal(Throwable e) {
        String correlationId = RequestIds.current();
        if (DatabaseOutage.isOutage(e)) {
            // Not a defect: the database is away (restarting, unreachable). 503, so clients and load balancers retry.
            LOG.warning(() -> "Database unreachable, answered 503, correlation id " + correlationId + ": "
                    + DatabaseOutage.summary(e));
            Response answer = ErrorResponses.of(ErrorCode.DATABASE_UNAVAILABLE, correlationId);
            return Response.fromResponse(answer).header("Retry-After", "5").build();
        }
        LOG.log(Level.SEVERE, "Unexpected error, correlation id " + correlationId, e);
        return ErrorResponses.of(ErrorCode.INTERNAL, correlationId);
    }
}
