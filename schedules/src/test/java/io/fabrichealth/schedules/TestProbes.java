package io.fabrichealth.schedules;

import io.fabrichealth.probes.Probe;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** Real small probes: they sleep, count how many run at once, or throw. */
final class TestProbes {

    private TestProbes() {
    }

    /** Counts how many probes sharing it run at the same moment, and the most ever seen. */
    static final class Concurrency {
        private final AtomicInteger now = new AtomicInteger();
        private final AtomicInteger max = new AtomicInteger();
        private final AtomicInteger runs = new AtomicInteger();

        void enter() {
            runs.incrementAndGet();
            max.accumulateAndGet(now.incrementAndGet(), Math::max);
        }

        void exit() {
            now.decrementAndGet();
        }

        int max() {
            return max.get();
        }

        int runs() {
            return runs.get();
        }
    }

    static Probe sleeping(Duration sleep, Concurrency concurrency) {
        return new Probe() {
            @Override
            public ProbeFamily family() {
                return ProbeFamily.PINGPONG;
            }

            @Override
            public ProbeResult check() throws InterruptedException {
                Instant start = Instant.now();
                concurrency.enter();
                try {
                    Thread.sleep(sleep.toMillis());
                } finally {
                    concurrency.exit();
                }
                return ProbeResult.pass("slept " + sleep.toMillis() + " ms", start, Duration.between(start,
                        Instant.now()));
            }
        };
    }

    static Probe throwing(String message) {
        return new Probe() {
            @Override
            public ProbeFamily family() {
                return ProbeFamily.PINGPONG;
            }

            @Override
            public ProbeResult check() {
                throw new IllegalStateException(message);
            }
        };
    }

    /** Polls every 10 ms; fails with {@code what} when the condition is still false after {@code limit}. */
    static void await(String what, Duration limit, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + limit.toMillis() + " ms waiting for: " + what);
            }
            Thread.sleep(10);
        }
    }
}
