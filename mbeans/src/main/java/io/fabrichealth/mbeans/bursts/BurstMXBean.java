package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.mbeans.PathMXBean;

/**
 * The last run of one test, a parameter set in a phase, against one peer,
 * {@code fabric.health:type=Burst,peer=<host:port>,phase=get|put,set=<set>} with the set as configured
 * ({@code default}, {@code "cacheless,reregister"}: quoted, as a comma needs). Getters return the cached last result
 * and never start a burst.
 */
public interface BurstMXBean extends PathMXBean {
    String OBJECT_NAME = "fabric.health:type=Burst,peer=*,phase=*,set=*";

    String getPeer();

    /** get (the initiator reads the payloads) or put (it writes them). */
    String getPhase();

    /** default or keywords joined by commas, as configured: {@code cacheless,reregister}. */
    String getSet();

    /** From the first operation to the last verification; -1 = never ran. */
    double getDurationMillis();

    /**
     * fabtrun's duration/default: the duration as a percentage of the same phase's last ok default run (time per byte
     * when either stopped at bursts.maxDuration), to a tenth; -1 when there is no default yet.
     */
    double getPercentOfDefault();

    double getThroughputBytesPerSecond();

    double getOpsPerSecond();

    /** Payload bytes moved and verified. */
    long getBytes();

    /** The burst stopped at bursts.maxDuration before it moved bursts.maxBytes. */
    boolean isCapped();

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
