package io.fabrichealth.schedules;

import static io.fabrichealth.schedules.TestProbes.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BudgetTest {

    @Test
    void theImpactBudgetCapsProbesAcrossSchedulesAndSkippedRunsAreCounted() throws Exception {
        TestProbes.Concurrency c = new TestProbes.Concurrency();
        AtomicInteger told = new AtomicInteger();
        ScheduleListener listener = new ScheduleListener() {
            @Override
            public void budgetExceeded(ScheduleControl schedule, ProbeResult skipped) {
                told.incrementAndGet();
            }
        };
        ProbeCounts counts = new ProbeCounts();
        // Three schedules each wanting a 150 ms probe every 200 ms: 2.25 probes' worth of work for 1 slot.
        try (Schedules s = Schedules.start(Configs.with(1, Configs.everyMillis("a", 200),
                Configs.everyMillis("b", 200), Configs.everyMillis("c", 200)),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(150), c), counts, listener, Configs.FAST)) {
            assertThat(s.threads()).isEqualTo(2);
            await("budget skips", Duration.ofSeconds(10), () -> skips(s) >= 3 && c.runs() >= 6);
            s.controls().forEach(ScheduleControl::pause);
            TestProbes.awaitQuiet(c, s.controls(), () -> told.get() == skips(s)
                    && counts.runs(ProbeFamily.PINGPONG) == s.controls().stream().mapToLong(ScheduleControl::runs).sum());

            assertThat(c.max()).as("probes at once, across schedules").isEqualTo(1);
            assertThat(told.get()).isEqualTo(skips(s));
            long runs = s.controls().stream().mapToLong(ScheduleControl::runs).sum();
            assertThat(counts.runs(ProbeFamily.PINGPONG)).as("skipped runs are not runs").isEqualTo(runs);
            assertThat(s.controls()).anySatisfy(sc -> assertThat(sc.budgetSkips()).isPositive());
        }
    }

    @Test
    void aSkippedRunShowsAsSkippedWithTheReason() throws Exception {
        TestProbes.Concurrency c = new TestProbes.Concurrency();
        try (Schedules s = Schedules.start(Configs.with(1, Configs.hourly("long"), Configs.hourly("short")),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(sc.name().equals("long") ? 600 : 1), c),
                new ProbeCounts(), ScheduleListener.NONE, Configs.FAST)) {
            ScheduleControl longRun = s.control("long").orElseThrow();
            ScheduleControl shortRun = s.control("short").orElseThrow();
            longRun.runNow();
            await("the long probe holds the only slot", Duration.ofSeconds(5), () -> c.runs() == 1);

            shortRun.runNow();
            await("the short run skipped", Duration.ofSeconds(5), () -> shortRun.budgetSkips() == 1);

            assertThat(shortRun.lastResult().orElseThrow().status()).isEqualTo(ProbeResult.Status.SKIPPED);
            assertThat(shortRun.lastResult().orElseThrow().summary()).contains("budget.maxConcurrentProbes");
            assertThat(shortRun.runs()).isZero();
        }
    }

    private static long skips(Schedules s) {
        return s.controls().stream().mapToLong(ScheduleControl::budgetSkips).sum();
    }
}
