package io.fabrichealth.probes.pingpong;

/**
 * A transport's kernel counters, read just before a run; {@link #after} reads them again and gives the run's
 * share (RDS: RDS_INFO_COUNTERS and net.rds.ib.flow_control). Neither read throws: what could not be read is said
 * in the result.
 */
public interface RunCounters {
    /**
     * The counters' change over the run and what it shows.
     *
     * @param sent           requests the run sent (nothing sent: nothing can be told)
     * @param transportInUse what carried the data ("infiniband", "tcp"; empty when the run never got there)
     */
    RdsCredits after(long sent, String transportInUse);
}
