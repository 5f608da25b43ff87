package io.fabrichealth.mbeans;

/**
 * What every PingPong and Burst MBean shows of its last run's path through the fabric (see
 * {@link PathAttributes}): where the data went, and which cables to check when it went wrong.
 */
public interface PathMXBean {
    /**
     * The last run's path through the fabric as ibtracert prints it, from this agent's port to the peer's (traced
     * over the last sweep's cables and the switches' forwarding tables); the reason alone when it was not traced;
     * empty before the first run.
     */
    String[] getPath();

    /**
     * The worst verdict of the path's ports: the last sweep's, and WARN where an error counter grew since the sweep
     * before the run.
     * OK, WARN or CRIT; UNKNOWN when the path was not traced; empty before the first run.
     */
    String getPathHealth();

    /**
     * The error counters that grew on the path's ports since the sweep before the last run: up to the run's end when
     * it went wrong (each cable end read at once), up to the last sweep when it was clean (no MAD of its own). One
     * item per {@code 0x<node GUID>/<port> <Counter>}. Null when none moved.
     */
    javax.management.openmbean.CompositeData getPathCounterDeltas();

    /**
     * The cables on the path to check, each {@code 0x<GUID>/<port> <-> 0x<GUID>/<port>: why} (a counter that moved
     * since the sweep before the run, or an end the last sweep found down, degraded or past a threshold); empty when none.
     */
    String[] getSuspectLinks();
}
