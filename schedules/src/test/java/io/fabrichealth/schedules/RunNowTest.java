package io.fabrichealth.schedules;

import static io.fabrichealth.schedules.TestProbes.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class RunNowTest {
    private final ProbeCounts counts = new ProbeCounts();
    private final List<ProbeResult> finished = new CopyOnWriteArrayList<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final ScheduleListener listener = new ScheduleListener() {
        @Override
        public void finished(ScheduleControl schedule, ProbeResult result) {
            finished.add(result);
        }

        @Override
        public void error(ScheduleControl schedule, Throwable error) {
            errors.add(error);
        }
    };

    @Test
    void runNowRunsTheProbeOnceAndTheControlShowsIt() throws Exception {
        TestProbes.Concurrency c = new TestProbes.Concurrency();
        Instant before = Instant.now();
        try (Schedules s = Schedules.start(Configs.with(2, Configs.hourly("ping")),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(120), c), counts, listener, Configs.FAST)) {
            ScheduleControl ping = s.control("ping").orElseThrow();
            assertThat(ping.lastFireTime()).isEmpty();
            assertThat(ping.lastDurationMillis()).isEqualTo(-1);
            assertThat(ping.nextFireTime()).hasValueSatisfying(t -> assertThat(t).isAfter(before));

            ping.runNow();
            await("one run", Duration.ofSeconds(5), () -> ping.runs() == 1);

            assertThat(ping.lastResult()).hasValueSatisfying(r -> assertThat(r.status())
                    .isEqualTo(ProbeResult.Status.PASS));
            assertThat(ping.lastDurationMillis()).isBetween(120L, 2_000L);
            assertThat(ping.lastFireTime()).hasValueSatisfying(t -> assertThat(t).isAfterOrEqualTo(before));
            assertThat(ping.failures()).isZero();
            assertThat(counts.runs(ProbeFamily.PINGPONG)).isEqualTo(1);
            assertThat(finished).hasSize(1);
            assertThat(c.runs()).isEqualTo(1);
        }
    }

    @Test
    void aProbeThatThrowsIsRecordedAsAFailure() throws Exception {
        try (Schedules s = Schedules.start(Configs.with(2, Configs.hourly("broken")),
                (sc, cfg) -> TestProbes.throwing("port table unreadable"), counts, listener, Configs.FAST)) {
            ScheduleControl broken = s.control("broken").orElseThrow();
            broken.runNow();
            await("a failed run", Duration.ofSeconds(5), () -> broken.failures() == 1);

            assertThat(broken.runs()).isEqualTo(1);
            assertThat(broken.lastResult().orElseThrow().summary()).contains("port table unreadable");
            assertThat(counts.failures(ProbeFamily.PINGPONG)).isEqualTo(1);
        }
    }

    @Test
    void aCatalogWithoutAProbeFailsTheRunAndTellsTheListener() throws Exception {
        try (Schedules s = Schedules.start(Configs.with(2, Configs.hourly("orphan")), (sc, cfg) -> {
            throw new IllegalArgumentException("no probe wired for " + sc.probe());
        }, counts, listener, Configs.FAST)) {
            ScheduleControl orphan = s.control("orphan").orElseThrow();
            orphan.runNow();
            await("a failed run", Duration.ofSeconds(5), () -> orphan.failures() == 1);

            assertThat(errors).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("no probe wired"));
            assertThat(orphan.lastResult().orElseThrow().summary()).contains("could not run", "no probe wired");
        }
    }
}
