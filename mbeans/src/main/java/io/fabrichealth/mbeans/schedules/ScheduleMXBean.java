package io.fabrichealth.mbeans.schedules;

/**
 * One probe schedule, {@code fabric.health:type=Schedule,name=<name>}. Getters show the last recorded facts and
 * never wait for a probe. Times are ISO-8601; empty means "never" (or "not planned" for NextFireTime).
 */
public interface ScheduleMXBean {
    /** Pattern matching every schedule. */
    String OBJECT_NAME = "fabric.health:type=Schedule,name=*";

    String getName();

    /** The probe family: smp-sweep, bursts or pingpong. */
    String getProbe();

    /** The Quartz cron expression; empty for an interval schedule. */
    String getCron();

    /** The interval in seconds; -1 for a cron schedule. */
    long getIntervalSeconds();

    /** The share of the interval (or of the cron gap) runs move by at random, e.g. 10%. */
    String getJitter();

    /** Next planned run, jitter included; empty while paused. */
    String getNextFireTime();

    /** When the last run started; empty = never. */
    String getLastFireTime();

    /** -1 = never ran. */
    long getLastDurationMillis();

    /** PASS, FAIL, UNSUPPORTED or SKIPPED (impact budget full); empty = never ran. */
    String getLastResult();

    /** The last result's summary. */
    String getLastSummary();

    long getRuns();

    long getFailures();

    /** Planned runs skipped because the schedule could not start on time (previous run still going). */
    long getMisfires();

    /** Runs that took longer than the gap to their next slot. */
    long getOverruns();

    /** Runs skipped because budget.maxConcurrentProbes probes were already running. */
    long getBudgetSkips();

    boolean isPaused();

    /** Stops future runs; a run in progress finishes. */
    String pause();

    /** Starts the schedule again; slots missed while paused are not misfires. */
    String resume();

    /** Runs the probe once now (also while paused); returns at once. Watch LastFireTime and LastResult. */
    String runNow();
}
