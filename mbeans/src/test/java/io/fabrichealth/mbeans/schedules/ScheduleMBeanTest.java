package io.fabrichealth.mbeans.schedules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BudgetConfig;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.Percent;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.schedules.ScheduleListener;
import io.fabrichealth.schedules.Schedules;
import io.fabrichealth.schedules.Tuning;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A real Quartz schedule seen through a real MBeanServer. */
class ScheduleMBeanTest {
    private static final ObjectName SWEEP = ObjectNames.of("Schedule", "name", "smp-sweep");
    private final MBeanServer server = MBeanServerFactory.newMBeanServer();
    private final MBeanRegistry registry = new MBeanRegistry(server);
    private final ScheduleMBeans mbeans = new ScheduleMBeans(registry);
    private Schedules schedules;

    @AfterEach
    void stop() {
        mbeans.close();
        if (schedules != null) {
            schedules.close();
        }
    }

    @Test
    void theMBeanShowsTheScheduleAndItsOperationsWork() throws Exception {
        start(config(every("smp-sweep", Duration.ofHours(1))));

        assertThat(server.getAttribute(SWEEP, "Probe")).isEqualTo("smp-sweep");
        assertThat(server.getAttribute(SWEEP, "IntervalSeconds")).isEqualTo(3600L);
        assertThat(server.getAttribute(SWEEP, "Cron")).isEqualTo("");
        assertThat(server.getAttribute(SWEEP, "Jitter")).isEqualTo("10%");
        assertThat(server.getAttribute(SWEEP, "LastFireTime")).isEqualTo("");
        assertThat(server.getAttribute(SWEEP, "LastDurationMillis")).isEqualTo(-1L);
        assertThat(server.getAttribute(SWEEP, "LastResult")).isEqualTo("");
        assertThat(Instant.parse((String) server.getAttribute(SWEEP, "NextFireTime"))).isAfter(Instant.now());

        assertThat(invoke("runNow")).asString().contains("runs now");
        await(() -> attribute("Runs").equals(1L));
        assertThat(server.getAttribute(SWEEP, "LastResult")).isEqualTo("PASS");
        assertThat(server.getAttribute(SWEEP, "LastSummary")).isEqualTo("swept 3 ports");
        assertThat((Long) server.getAttribute(SWEEP, "LastDurationMillis")).isBetween(30L, 5_000L);
        assertThat(Instant.parse((String) server.getAttribute(SWEEP, "LastFireTime"))).isBefore(Instant.now());
        assertThat(server.getAttribute(SWEEP, "Failures")).isEqualTo(0L);
        assertThat(server.getAttribute(SWEEP, "Misfires")).isEqualTo(0L);

        invoke("pause");
        assertThat(server.getAttribute(SWEEP, "Paused")).isEqualTo(true);
        assertThat(server.getAttribute(SWEEP, "NextFireTime")).isEqualTo("");
        invoke("resume");
        assertThat(server.getAttribute(SWEEP, "Paused")).isEqualTo(false);
        assertThat((String) server.getAttribute(SWEEP, "NextFireTime")).isNotEmpty();
    }

    @Test
    void aCronScheduleShowsItsExpressionAndNoInterval() throws Exception {
        start(config(new ScheduleConfig("smp-sweep", ProbeFamily.SMP_SWEEP, null, "0 0/5 * * * ?", Percent.of(10),
                List.of(), true)));

        assertThat(server.getAttribute(SWEEP, "Cron")).isEqualTo("0 0/5 * * * ?");
        assertThat(server.getAttribute(SWEEP, "IntervalSeconds")).isEqualTo(-1L);
    }

    @Test
    void afterAReloadTheMBeansFollowTheSchedules() throws Exception {
        start(config(every("smp-sweep", Duration.ofHours(1)), every("bursts", Duration.ofHours(1))));
        assertThat(server.queryNames(ObjectNames.parse(ScheduleMXBean.OBJECT_NAME), null)).hasSize(2);

        schedules.apply(config(every("smp-sweep", Duration.ofSeconds(90)), every("pingpong", Duration.ofHours(1))));
        mbeans.sync(schedules.controls());

        assertThat(server.queryNames(ObjectNames.parse(ScheduleMXBean.OBJECT_NAME), null))
                .containsExactlyInAnyOrder(SWEEP, ObjectNames.of("Schedule", "name", "pingpong"));
        assertThat(server.getAttribute(SWEEP, "IntervalSeconds")).isEqualTo(90L);
    }

    private void start(FabricHealthConfig config) {
        schedules = Schedules.start(config, (s, c) -> sweep(), new ProbeCounts(), ScheduleListener.NONE,
                new Tuning(Duration.ofMillis(200), Duration.ofMillis(100)));
        mbeans.sync(schedules.controls());
    }

    private Object invoke(String op) throws Exception {
        return server.invoke(SWEEP, op, new Object[0], new String[0]);
    }

    private Object attribute(String name) {
        try {
            return server.getAttribute(SWEEP, name);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void await(BooleanSupplier condition) {
        Awaitility.await("the run").atMost(Duration.ofSeconds(20)).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(10)).until(condition::getAsBoolean);
    }

    /** A real, tiny probe: it takes a little time and passes. */
    private static Probe sweep() {
        return new Probe() {
            @Override
            public ProbeFamily family() {
                return ProbeFamily.SMP_SWEEP;
            }

            @Override
            public ProbeResult check() throws InterruptedException {
                Instant start = Instant.now();
                Thread.sleep(30);
                return ProbeResult.pass("swept 3 ports", start, Duration.between(start, Instant.now()));
            }
        };
    }

    private static ScheduleConfig every(String name, Duration d) {
        ProbeFamily kind = ProbeFamily.valueOf(name.toUpperCase().replace('-', '_'));
        return new ScheduleConfig(name, kind, d, null, Percent.of(10), List.of(), true);
    }

    private static FabricHealthConfig config(ScheduleConfig... s) {
        FabricHealthConfig d = FabricHealthConfig.DEFAULTS;
        return new FabricHealthConfig("test", d.agent(), d.http(), d.jmx(), d.fabric(), d.simulation(), d.smp(),
                d.peers(), d.bursts(), d.pingpong(), List.of(s), new BudgetConfig(2), d.alarms(), d.fleet(), d.local());
    }
}
