package com.paycore.platform.web;

import jakarta.annotation.Priority;
import jakarta.transaction.TransactionalException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A database transaction that could not commit (the interceptor's {@code TransactionalException}: a constraint the
 * flush at commit broke, a lost connection): an unexpected error, 500 with a correlation id. Without this mapper
 * Jersey's own one answers with whatever {@code WebApplicationException} the request met earlier (an empty 400 and
 * the container's HTML page, seen when an outbox insert failed at commit), or none at all.
 */
@Provider
@Priority(Priorities.USER)
class TransactionFailureMapper implements ExceptionMapper<TransactionalException> {

    @Override
    public Response toResponse(TransactionalException e) {
        return UnexpectedErrorMapper.internal(e);
    }
}
