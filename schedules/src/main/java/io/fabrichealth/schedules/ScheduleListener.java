package io.fabrichealth.schedules;

import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;

/**
 * Hooks for the wiring: raise a ProbeError alarm, count overruns on the Agent MBean. Every method has a no-op
 * default. Exceptions thrown here are logged and never stop a schedule.
 */
public interface ScheduleListener {
    ScheduleListener NONE = new ScheduleListener() {
    };

    /** A probe ran (PASS, FAIL or UNSUPPORTED). Called on the worker thread right after the run. */
    default void finished(ScheduleControl schedule, ProbeResult result) {
    }

    /**
     * The catalog or the probe threw instead of returning a result (a probe's own {@code execute()} should never
     * throw; this is the bug or the missing probe). The run was recorded as FAIL; {@link #finished} follows.
     */
    default void error(ScheduleControl schedule, Throwable error) {
    }

    /** A run took longer than the gap to its next slot; the slots it covered are reported by {@link #misfired}. */
    default void overran(ScheduleControl schedule, Duration took, Duration gap) {
    }

    /**
     * {@code skippedRuns} planned runs were dropped because the schedule could not fire on time (its previous run
     * was still going, or every worker was busy). Called under Quartz's job-store lock: record and return, and
     * never call back into the scheduler from here.
     */
    default void misfired(ScheduleControl schedule, int skippedRuns) {
    }

    /** The impact budget had no free slot within the wait; the run was recorded as SKIPPED. */
    default void budgetExceeded(ScheduleControl schedule, ProbeResult skipped) {
    }
}
