package io.fabrichealth.schedules;

import io.fabrichealth.probes.Probe;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;

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

        int running() {
            return now.get();
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
    static void await(String what, Duration limit, BooleanSupplier condition) {
        Awaitility.await(what).atMost(limit).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(10))
                .until(condition::getAsBoolean);
    }

    /**
     * After a pause: no probe of {@code c} runs, every one that started has been recorded by its schedule, and
     * {@code alsoTrue} holds (listeners are told after the counters), for 200 ms in a row, so a run that Quartz
     * had already fired when the pause came has finished too. Generous: a loaded machine only makes it slower.
     */
    static void awaitQuiet(Concurrency c, Collection<ScheduleControl> controls, BooleanSupplier alsoTrue) {
        Awaitility.await("no run in progress and every run recorded").atMost(Duration.ofSeconds(20))
                .during(Duration.ofMillis(200)).pollInterval(Duration.ofMillis(10))
                .until(() -> c.running() == 0 && alsoTrue.getAsBoolean()
                        && c.runs() == controls.stream().mapToLong(ScheduleControl::runs).sum());
    }
}
