package io.fabrichealth.mbeans.bursts;

import javax.management.openmbean.CompositeData;

/** Every set against one peer, {@code fabric.health:type=BurstSuite,peer=<host:port>}: fabtrun's table. */
public interface BurstSuiteMXBean {
    String OBJECT_NAME = "fabric.health:type=BurstSuite,peer=*";

    String getPeer();

    /**
     * fabtrun's report: a table per phase ({@code get parameter set  duration (s)  duration/default (%)  result}),
     * the key, {@code N tests, N succeeded, N failed}, then why each failed test failed; empty = never ran.
     */
    String getTable();

    /**
     * One row per test: Phase, Set, DurationMillis, PercentOfDefault, ThroughputBytesPerSecond, OpsPerSecond, Bytes,
     * Capped, Result, FailureReason.
     */
    CompositeData[] getRows();

    /** {@code N tests, N succeeded, N failed}; empty = never ran. */
    String getSummary();

    /** ISO-8601 time the last suite finished; empty = never. */
    String getLastRun();

    /** Runs the whole suite now (blocking, bounded by the burst budget) and returns the table. */
    String runNow();
}
