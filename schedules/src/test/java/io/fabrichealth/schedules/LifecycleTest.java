package io.fabrichealth.schedules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.probes.ProbeCounts;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LifecycleTest {
    private final TestProbes.Concurrency c = new TestProbes.Concurrency();

    @Test
    void twoInstancesInOneJvmAreIndependentLikeARedeploy() {
        Schedules first = start();
        Schedules second = start();
        try {
            assertThat(first.schedulerName()).isNotEqualTo(second.schedulerName());
            first.close();
            assertThat(second.control("ping").orElseThrow().nextFireTime()).isPresent();
        } finally {
            first.close();
            second.close();
        }
    }

    @Test
    void closeEndsEveryWorkerThreadAndRetiresTheControls() throws Exception {
        Schedules s = start();
        String name = s.schedulerName();
        ScheduleControl ping = s.control("ping").orElseThrow();
        assertThat(threadsNamed(name)).isPositive();

        s.close();
        TestProbes.await("worker threads to end", Duration.ofSeconds(5), () -> threadsNamed(name) == 0);

        assertThat(ping.nextFireTime()).isEmpty();
        assertThatThrownBy(ping::pause).isInstanceOf(IllegalStateException.class);
        s.close(); // twice is harmless
    }

    private Schedules start() {
        return Schedules.start(Configs.with(2, Configs.hourly("ping")),
                (sc, cfg) -> TestProbes.sleeping(Duration.ofMillis(1), c), new ProbeCounts(), ScheduleListener.NONE,
                Configs.FAST);
    }

    private static long threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix)).count();
    }
}
