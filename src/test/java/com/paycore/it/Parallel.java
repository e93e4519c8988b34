package com.paycore.it;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Runs n requests at once (released together by a latch) and collects their answers in order. */
final class Parallel {

    private Parallel() {
    }

    static <T> List<T> run(int n, IntFunction<T> request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    start.await();
                    return request.apply(index);
                }));
            }
            start.countDown();
            List<T> answers = new ArrayList<>();
            for (Future<T> future : futures) {
                // A guard against a hung request, not a timing assertion. The first request to the second instance
                // starts it (SecondInstance waits up to 240 s for it on a loaded machine), which may happen in here.
                answers.add(future.get(300, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }
}
