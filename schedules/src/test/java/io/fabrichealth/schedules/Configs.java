package io.fabrichealth.schedules;

import io.fabrichealth.config.BudgetConfig;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.Percent;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.ScheduleConfig;
import java.time.Duration;
import java.util.List;

/** Configs for tests: the embedded defaults with the schedules and budget a test needs. */
final class Configs {
    /** Short intervals need a short misfire threshold; the budget wait is short so skips show quickly. */
    static final Tuning FAST = new Tuning(Duration.ofMillis(50), Duration.ofMillis(20));

    private Configs() {
    }

    static FabricHealthConfig with(int maxConcurrentProbes, ScheduleConfig... schedules) {
        FabricHealthConfig d = FabricHealthConfig.DEFAULTS;
        return new FabricHealthConfig("test", d.agent(), d.http(), d.jmx(), d.fabric(), d.simulation(), d.smp(),
                d.peers(), d.bursts(), d.pingpong(), List.of(schedules), new BudgetConfig(maxConcurrentProbes),
                d.alarms(), d.fleet(), d.local());
    }

    static ScheduleConfig every(String name, Duration interval) {
        return new ScheduleConfig(name, ProbeFamily.PINGPONG, interval, null, Percent.of(10), List.of(), true);
    }

    static ScheduleConfig everyMillis(String name, long millis) {
        return every(name, Duration.ofMillis(millis));
    }

    static ScheduleConfig cron(String name, String cron) {
        return new ScheduleConfig(name, ProbeFamily.SMP_SWEEP, null, cron, Percent.of(10), List.of(), true);
    }

    static ScheduleConfig hourly(String name) {
        return every(name, Duration.ofHours(1));
    }
}
