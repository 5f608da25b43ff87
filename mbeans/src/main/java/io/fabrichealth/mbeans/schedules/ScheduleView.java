package io.fabrichealth.mbeans.schedules;

import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.schedules.ScheduleControl;
import java.time.Instant;
import java.util.Optional;

/** A {@link ScheduleControl} as JMX shows it: strings, numbers, and the documented sentinels. */
public final class ScheduleView implements ScheduleMXBean {
    private final ScheduleControl control;

    public ScheduleView(ScheduleControl control) {
        this.control = control;
    }

    @Override
    public String getName() {
        return control.name();
    }

    @Override
    public String getProbe() {
        return control.family().configName();
    }

    @Override
    public String getCron() {
        return control.cron().orElse("");
    }

    @Override
    public long getIntervalSeconds() {
        return control.interval().map(d -> d.toSeconds()).orElse(-1L);
    }

    @Override
    public String getJitter() {
        return control.config().jitter().toString();
    }

    @Override
    public String getNextFireTime() {
        return iso(control.nextFireTime());
    }

    @Override
    public String getLastFireTime() {
        return iso(control.lastFireTime());
    }

    @Override
    public long getLastDurationMillis() {
        return control.lastDurationMillis();
    }

    @Override
    public String getLastResult() {
        return control.lastResult().map(r -> r.status().name()).orElse("");
    }

    @Override
    public String getLastSummary() {
        return control.lastResult().map(ProbeResult::summary).orElse("");
    }

    @Override
    public long getRuns() {
        return control.runs();
    }

    @Override
    public long getFailures() {
        return control.failures();
    }

    @Override
    public long getMisfires() {
        return control.misfires();
    }

    @Override
    public long getOverruns() {
        return control.overruns();
    }

    @Override
    public long getBudgetSkips() {
        return control.budgetSkips();
    }

    @Override
    public boolean isPaused() {
        return control.paused();
    }

    @Override
    public String pause() {
        control.pause();
        return "schedule " + control.name() + " paused";
    }

    @Override
    public String resume() {
        control.resume();
        return "schedule " + control.name() + " resumed; next run " + getNextFireTime();
    }

    @Override
    public String runNow() {
        control.runNow();
        return "schedule " + control.name() + " runs now; watch LastFireTime and LastResult";
    }

    private static String iso(Optional<Instant> t) {
        return t.map(Instant::toString).orElse("");
    }
}
