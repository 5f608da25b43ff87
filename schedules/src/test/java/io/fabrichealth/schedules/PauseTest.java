package io.fabrichealth.schedules;

import static io.fabrichealth.schedules.TestProbes.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.ProbeCounts;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PauseTest {

    @Test
    void pauseStopsTheScheduleAndResumeStartsItAgain() throws Exception {
        TestProbes.Concurrency c = new TestProbes.Concurrency();
        try (Schedules s = Schedules.start(Configs.with(2, Configs.everyMillis("ping", 200)),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(10), c), new ProbeCounts(),
                ScheduleListener.NONE, Configs.FAST)) {
            ScheduleControl ping = s.control("ping").orElseThrow();
            await("two periodic runs", Duration.ofSeconds(5), () -> ping.runs() >= 2);

            ping.pause();
            TestProbes.awaitQuiet(c, List.of(ping), () -> true); // a run that had already started may still finish
            long runsWhenPaused = ping.runs();
            Thread.sleep(1_000); // the scenario: five 200 ms slots pass while paused

            assertThat(ping.paused()).isTrue();
            assertThat(ping.runs()).isEqualTo(runsWhenPaused);
            assertThat(ping.nextFireTime()).isEmpty();

            ping.resume();
            await("runs after resume", Duration.ofSeconds(5), () -> ping.runs() >= runsWhenPaused + 2);
            assertThat(ping.paused()).isFalse();
            assertThat(ping.nextFireTime()).isPresent();
            // Five slots passed while paused; at most one late start on a loaded machine may count.
            assertThat(ping.misfires()).as("slots missed while paused are not misfires").isLessThanOrEqualTo(1);
        }
    }

    @Test
    void runNowWorksWhilePaused() throws Exception {
        TestProbes.Concurrency c = new TestProbes.Concurrency();
        try (Schedules s = Schedules.start(Configs.with(2, Configs.everyMillis("ping", 200)),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(10), c), new ProbeCounts(),
                ScheduleListener.NONE, Configs.FAST)) {
            ScheduleControl ping = s.control("ping").orElseThrow();
            ping.pause();
            TestProbes.awaitQuiet(c, List.of(ping), () -> true);
            long before = ping.runs();

            ping.runNow();
            await("the requested run", Duration.ofSeconds(5), () -> ping.runs() == before + 1);
            Thread.sleep(500); // the scenario: two and a half slots pass, still paused
            assertThat(ping.runs()).as("still paused after the one run").isEqualTo(before + 1);
        }
    }
}
