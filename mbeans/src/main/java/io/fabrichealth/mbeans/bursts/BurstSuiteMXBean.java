package io.fabrichealth.mbeans.bursts;

import javax.management.openmbean.CompositeData;

/** Every set against one peer, {@code fabric.health:type=BurstSuite,peer=<host:port>}: fabtrun's table. */
public interface BurstSuiteMXBean {
    String OBJECT_NAME = "fabric.health:type=BurstSuite,peer=*";

    String getPeer();

    /** The table with its summary line and the reasons of failed sets; empty = never ran. */
    String getTable();

    /** One row per set: set, DurationMillis, PercentOfDefault, ThroughputBytesPerSecond, OpsPerSecond, Result, FailureReason. */
    CompositeData[] getRows();

    /** {@code N tests, N succeeded, N failed}; empty = never ran. */
    String getSummary();

    /** ISO-8601 time the last suite finished; empty = never. */
    String getLastRun();

    /** Runs the whole suite now (blocking, bounded by the burst budget) and returns the table. */
    String runNow();
}
