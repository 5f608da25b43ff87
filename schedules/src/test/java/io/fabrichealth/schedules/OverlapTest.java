package io.fabrichealth.schedules;

import static io.fabrichealth.schedules.TestProbes.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.ProbeCounts;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OverlapTest {

    @Test
    void aProbeSlowerThanItsIntervalNeverOverlapsItselfAndTheSkippedSlotsAreMisfires() throws Exception {
        TestProbes.Concurrency c = new TestProbes.Concurrency();
        AtomicLong reportedMisfires = new AtomicLong();
        AtomicInteger overruns = new AtomicInteger();
        ScheduleListener listener = new ScheduleListener() {
            @Override
            public void misfired(ScheduleControl schedule, int skippedRuns) {
                reportedMisfires.addAndGet(skippedRuns);
            }

            @Override
            public void overran(ScheduleControl schedule, Duration took, Duration gap) {
                overruns.incrementAndGet();
            }
        };
        // 4 workers and a budget of 3: nothing but the schedule itself keeps a second run from starting.
        try (Schedules s = Schedules.start(Configs.with(3, Configs.everyMillis("slow", 200)),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(700), c), new ProbeCounts(), listener,
                Configs.FAST)) {
            ScheduleControl slow = s.control("slow").orElseThrow();
            await("three slow runs", Duration.ofSeconds(10), () -> slow.runs() >= 3);
            slow.pause();
            // Let the run in progress finish, so the counters stand still.
            TestProbes.awaitQuiet(c, List.of(slow), () -> reportedMisfires.get() == slow.misfires()
                    && overruns.get() == slow.overruns());

            assertThat(c.max()).as("runs of one schedule at once").isEqualTo(1);
            // Each 700 ms run covers the next three 200 ms slots (±10% jitter): at least two are skipped per run.
            assertThat(slow.misfires()).isGreaterThanOrEqualTo(2 * (slow.runs() - 1));
            assertThat(reportedMisfires.get()).isEqualTo(slow.misfires());
            assertThat(slow.overruns()).isGreaterThanOrEqualTo(slow.runs() - 1);
            assertThat(overruns.get()).isEqualTo((int) slow.overruns());
        }
    }
}
