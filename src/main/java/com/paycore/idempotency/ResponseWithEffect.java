package com.paycore.idempotency;

import java.util.UUID;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;

import com.paycore.secret.SecretBox;

/**
 * Runs an {@link Idempotent} resource method that holds a claim (its request carried an {@code Idempotency-Key}) in
 * one database transaction with the storing of its answer: the effect (a transaction, a refund, a token...) and the
 * answer a retry replays commit together or not at all, so no crash, {@code kill -9} or database restart can leave
 * an effect whose retry runs it again (docs/RELIABILITY.md, findings 1 and 4). The answer is written only while the
 * claim is still this request's: a request whose lease ran out and whose claim a retry took over finds its claim
 * gone, undoes its effect and answers 409, so the work is done once, by the retry (a fencing token).
 * <p>
 * Requests without a key are not intercepted: the hot paths keep their single-statement commits. Answers of 500 and
 * above are not stored (the response filter releases the claim); refusals (exceptions, mapped to 4xx) roll the
 * transaction back and are stored afterwards by the response filter. A streamed operation
 * ({@link Idempotent#streamed}) runs as it is: it stores its answer itself ({@link StreamedClaims}).
 */
@Idempotent
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
class ResponseWithEffect {

    @Inject
    HeldKey claim;

    @Inject
    IdempotencyStore store;

    @AroundInvoke
    Object withAnswer(InvocationContext invocation) throws Exception {
        // @Idempotent also binds the JAX-RS filter (a name binding): its own calls are not an effect.
        // A streamed operation commits its effect in a local transaction of its own and stores its answer there
        // (StreamedClaims): a long upload must not run in a JTA transaction.
        UUID held = invocation.getTarget() instanceof ContainerRequestFilter || streamed(invocation) ? null : claim.id();
        if (held == null) {
            return invocation.proceed();
        }
        return store.completeWithEffect(held, invocation::proceed, result -> {
            Response answer = answerOf(result);
            if (answer.getStatus() >= 500) {
                return null;
            }
            return new IdempotencyStore.StoredResponse(answer.getStatus(),
                    IdempotencyFilter.sealed(held, answer.getStringHeaders(), IdempotencyFilter.serialized(answer.getEntity(),
                            answer.getEntity() == null ? null : answer.getEntity().getClass()), SecretBox.get()));
        }, claim::markAnswered);
    }

    /** Whether the intercepted method is a streamed operation ({@link Idempotent#streamed}). */
    static boolean streamed(InvocationContext invocation) {
        Idempotent marked = invocation.getMethod() == null ? null : invocation.getMethod().getAnnotation(Idempotent.class);
        if (marked == null && invocation.getMethod() != null) {
            marked = invocation.getMethod().getDeclaringClass().getAnnotation(Idempotent.class);
        }
        return marked != null && marked.streamed();
    }

    /** A resource method's result as the answer JAX-RS sends: a Response as it is, an entity as 200, nothing as 204. */
    static Response answerOf(Object result) {
        if (result instanceof Response response) {
            return response;
        }
        return result == null ? Response.noContent().build() : Response.ok(result).build();
    }
}
