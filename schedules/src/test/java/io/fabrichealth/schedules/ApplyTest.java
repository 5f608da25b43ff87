package io.fabrichealth.schedules;

import static io.fabrichealth.schedules.TestProbes.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.config.Percent;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.ProbeCounts;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApplyTest {
    private final TestProbes.Concurrency c = new TestProbes.Concurrency();

    @Test
    void aReloadChangesAnIntervalLive() throws Exception {
        try (Schedules s = start(Configs.hourly("ping"))) {
            ScheduleControl ping = s.control("ping").orElseThrow();
            assertThat(ping.interval()).contains(Duration.ofHours(1));

            Applied applied = s.apply(Configs.with(2, Configs.everyMillis("ping", 200)));

            assertThat(applied.rescheduled()).containsExactly("ping");
            assertThat(s.control("ping")).containsSame(ping);
            assertThat(ping.interval()).contains(Duration.ofMillis(200));
            await("runs at the new interval", Duration.ofSeconds(5), () -> ping.runs() >= 3);
        }
    }

    @Test
    void aReloadAddsRemovesAndUpdatesSchedulesByName() throws Exception {
        try (Schedules s = start(Configs.hourly("a"), Configs.hourly("b"), Configs.hourly("c"))) {
            ScheduleControl b = s.control("b").orElseThrow();
            ScheduleConfig cWithTargets = new ScheduleConfig("c", Configs.hourly("c").probe(), Duration.ofHours(1),
                    null, Percent.of(10), List.of("self"), true);
            ScheduleConfig dDisabled = new ScheduleConfig("d", Configs.hourly("d").probe(), Duration.ofHours(1),
                    null, Percent.of(10), List.of(), false);

            Applied applied = s.apply(Configs.with(2, Configs.hourly("a"), cWithTargets, Configs.hourly("e"),
                    dDisabled));

            assertThat(applied.added()).containsExactly("e");
            assertThat(applied.removed()).containsExactly("b");
            assertThat(applied.updated()).containsExactly("c");
            assertThat(applied.rescheduled()).isEmpty();
            assertThat(s.controls()).extracting(ScheduleControl::name).containsExactly("a", "c", "e");
            assertThat(s.control("c").orElseThrow().config().targets()).containsExactly("self");
            assertThatThrownBy(b::runNow).isInstanceOf(IllegalStateException.class).hasMessageContaining("gone");
            assertThat(s.apply(Configs.with(2, Configs.hourly("a"), cWithTargets, Configs.hourly("e")))
                    .changedAnything()).isFalse();
        }
    }

    @Test
    void aPausedScheduleStaysPausedWhenItsIntervalChanges() throws Exception {
        try (Schedules s = start(Configs.hourly("ping"))) {
            ScheduleControl ping = s.control("ping").orElseThrow();
            ping.pause();

            s.apply(Configs.with(2, Configs.everyMillis("ping", 200)));
            Thread.sleep(700); // the scenario: three slots of the new interval pass while paused

            assertThat(ping.paused()).isTrue();
            assertThat(ping.runs()).isZero();
        }
    }

    private Schedules start(ScheduleConfig... schedules) {
        return Schedules.start(Configs.with(2, schedules),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(5), c), new ProbeCounts(), ScheduleListener.NONE,
                Configs.FAST);
    }
}
