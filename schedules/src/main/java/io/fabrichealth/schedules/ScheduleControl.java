package io.fabrichealth.schedules;

import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerKey;

/**
 * One schedule as people see and steer it: what it runs, when, how it went, and pause/resume/runNow. Getters
 * return the last recorded facts and never wait for a probe. A control outlives its schedule only as a stale
 * view: after a reload removed it, the operations say so.
 */
public final class ScheduleControl {
    static final String GROUP = "fabric-health";

    private final Scheduler scheduler;
    private final Controller controller;
    private final JobKey jobKey;
    private final TriggerKey triggerKey;
    private volatile ScheduleConfig config;
    private volatile boolean paused;
    private volatile boolean removed;
    private volatile Instant lastFireTime;
    private volatile long lastDurationMillis = -1;
    private volatile ProbeResult lastResult;
    private final AtomicLong runs = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong misfires = new AtomicLong();
    private final AtomicLong overruns = new AtomicLong();
    private final AtomicLong budgetSkips = new AtomicLong();

    /** What pause/resume need from {@link Schedules}: resuming builds a fresh trigger. */
    interface Controller {
        void resume(ScheduleControl control) throws SchedulerException;
    }

    ScheduleControl(Scheduler scheduler, Controller controller, ScheduleConfig config) {
        this.scheduler = scheduler;
        this.controller = controller;
        this.config = config;
        this.jobKey = new JobKey(config.name(), GROUP);
        this.triggerKey = new TriggerKey(config.name(), GROUP);
    }

    public String name() {
        return config.name();
    }

    public ProbeFamily family() {
        return config.probe();
    }

    public ScheduleConfig config() {
        return config;
    }

    /** The cron expression, or empty for an interval schedule. */
    public Optional<String> cron() {
        return config.cronExpression();
    }

    /** The interval, or empty for a cron schedule. */
    public Optional<Duration> interval() {
        return config.interval();
    }

    /** When the schedule fires next, jitter included; empty while paused, removed or shut down. */
    public Optional<Instant> nextFireTime() {
        if (paused || removed) {
            return Optional.empty();
        }
        try {
            Trigger t = scheduler.isShutdown() ? null : scheduler.getTrigger(triggerKey);
            Date next = t == null ? null : t.getNextFireTime();
            return Optional.ofNullable(next).map(Date::toInstant);
        } catch (SchedulerException e) {
            return Optional.empty();
        }
    }

    /** When the last run started (fired); empty = never ran. */
    public Optional<Instant> lastFireTime() {
        return Optional.ofNullable(lastFireTime);
    }

    /** How long the last probe run took; -1 = never ran. */
    public long lastDurationMillis() {
        return lastDurationMillis;
    }

    /** The last run's result, SKIPPED when the impact budget had no slot; empty = never ran. */
    public Optional<ProbeResult> lastResult() {
        return Optional.ofNullable(lastResult);
    }

    /** Probe runs (PASS, FAIL, UNSUPPORTED); skipped runs are not runs. */
    public long runs() {
        return runs.get();
    }

    public long failures() {
        return failures.get();
    }

    /** Planned runs dropped because the schedule could not fire on time (previous run still going, no worker). */
    public long misfires() {
        return misfires.get();
    }

    /** Runs that took longer than the gap to the next slot. */
    public long overruns() {
        return overruns.get();
    }

    /** Runs recorded as SKIPPED because the impact budget was full. */
    public long budgetSkips() {
        return budgetSkips.get();
    }

    public boolean paused() {
        return paused;
    }

    /** Stops future runs; a run in progress finishes. */
    public void pause() {
        live();
        try {
            scheduler.pauseJob(jobKey);
            paused = true;
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot pause schedule " + name() + ": " + e.getMessage(), e);
        }
    }

    /** Runs again from the next slot after now; the slots missed while paused are not misfires. */
    public void resume() {
        live();
        try {
            controller.resume(this);
            paused = false;
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot resume schedule " + name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs the probe once, now, on a worker thread (also while paused). Returns at once; a run already in
     * progress finishes first, because a schedule never overlaps itself. Watch {@link #lastFireTime()}.
     */
    public void runNow() {
        live();
        try {
            scheduler.triggerJob(jobKey);
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot run schedule " + name() + " now: " + e.getMessage(), e);
        }
    }

    JobKey jobKey() {
        return jobKey;
    }

    TriggerKey triggerKey() {
        return triggerKey;
    }

    void config(ScheduleConfig newConfig) {
        this.config = newConfig;
    }

    void removed() {
        removed = true;
    }

    boolean isRemoved() {
        return removed;
    }

    void fired(Instant at) {
        lastFireTime = at;
    }

    void finished(ProbeResult result, Duration took) {
        lastDurationMillis = took.toMillis();
        lastResult = result;
        runs.incrementAndGet();
        if (result.failed()) {
            failures.incrementAndGet();
        }
    }

    void budgetSkipped(ProbeResult skipped) {
        lastResult = skipped;
        budgetSkips.incrementAndGet();
    }

    void misfired(long skippedRuns) {
        misfires.addAndGet(skippedRuns);
    }

    void overran() {
        overruns.incrementAndGet();
    }

    private void live() {
        if (removed) {
            throw new IllegalStateException("schedule " + name() + " is gone (removed by a config reload or "
                    + "shut down); list the schedules again");
        }
    }

    @Override
    public String toString() {
        return "ScheduleControl[" + name() + " " + config.probe() + " runs=" + runs + " failures=" + failures
                + " misfires=" + misfires + (paused ? " paused" : "") + "]";
    }
}
