package io.fabrichealth.mbeans.bursts;

/**
 * The last run of one parameter set against one peer, {@code fabric.health:type=Burst,peer=<host:port>,set=<name>}.
 * Getters return the cached last result and never start a burst.
 */
public interface BurstMXBean {
    String OBJECT_NAME = "fabric.health:type=Burst,peer=*,set=*";

    String getPeer();

    String getSet();

    /** From the first operation to the last verification; -1 = never ran. */
    double getDurationMillis();

    /** Time per byte relative to the peer's last ok default run, in percent; -1 when there is no default yet. */
    double getPercentOfDefault();

    double getThroughputBytesPerSecond();

    double getOpsPerSecond();

    /** Payload bytes moved and verified. */
    long getBytes();

    /** ok, fail, unsupported or skipped; empty = never ran. */
    String getResult();

    /** Why the last run failed or was unsupported; empty when ok. */
    String getFailureReason();

    /** ISO-8601 start of the last run; empty = never. */
    String getLastRun();

    long getRuns();

    long getFailures();

    /** How the last run ran: provider, endpoint, segments, window, mr_mode, FI_* environment (cacheless proof). */
    String getFacts();
}
