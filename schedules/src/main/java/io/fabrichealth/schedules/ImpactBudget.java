package io.fabrichealth.schedules;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * At most N probes at once across all schedules, so the agent never loads the fabric more than the operator
 * allowed. A config reload swaps in a new limit; runs that hold a slot give it back to the limit they took it from.
 */
final class ImpactBudget {
    private volatile Semaphore slots;
    private volatile int limit;

    ImpactBudget(int limit) {
        resize(limit);
    }

    void resize(int newLimit) {
        if (newLimit < 1) {
            throw new IllegalArgumentException("budget.maxConcurrentProbes must be at least 1, got " + newLimit);
        }
        if (slots == null || newLimit != limit) {
            slots = new Semaphore(newLimit, true);
            limit = newLimit;
        }
    }

    int limit() {
        return limit;
    }

    /** A held slot, or empty when none came free within {@code wait}. Close the slot to give it back. */
    Optional<Slot> acquire(Duration wait) throws InterruptedException {
        Semaphore s = slots;
        return s.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS) ? Optional.of(new Slot(s)) : Optional.empty();
    }

    record Slot(Semaphore from) implements AutoCloseable {
        @Override
        public void close() {
            from.release();
        }
    }
}
