package io.fabrichealth.mbeans.smp;

import javax.management.openmbean.CompositeData;

/**
 * The SMP MAD engine and the sweep, {@code fabric.health:type=SmpProbe}. Counters run since the agent started.
 * Times are ISO-8601, empty = never; durations and RTTs -1 = never.
 */
public interface SmpProbeMXBean {
    String OBJECT_NAME = "fabric.health:type=SmpProbe";

    /** MAD attempts sent, retries included. Every one is a Get: the agent has no way to send a Set. */
    long getMadsSent();

    /** Answers matched to a live attempt. */
    long getMadsReceived();

    /** Attempts that expired unanswered or came back dropped (umad status 110). */
    long getTimeouts();

    long getRetries();

    /** Answers to attempts the engine had already given up on. */
    long getLateResponses();

    /** MADs that answered nothing we sent. */
    long getUnmatchedResponses();

    /** Requests that ended without an answer after every retry. */
    long getFailedRequests();

    /** The most attempts ever outstanding at once on the local port; never above Window. */
    int getMaxInFlightLocal();

    /** The most attempts ever outstanding at once to one destination; never above PerDestinationWindow. */
    int getMaxInFlightPerDestination();

    int getWindow();

    int getPerDestinationWindow();

    long getTimeoutMillis();

    int getMaxRetries();

    /** The agent-wide send cap; 0 = none. */
    int getMadsPerSecondCap();

    long getRttCount();

    long getRttMinMicros();

    long getRttP50Micros();

    long getRttP99Micros();

    long getRttMaxMicros();

    /** One row per destination (node GUID, or a route before its GUID was known): count, min, p50, p99, max. */
    CompositeData[] getRttByDestination();

    long getSweeps();

    long getSweepDurationMillis();

    String getLastSweep();

    /** The last sweep in which the agent's own node (or, with targets, any target) answered. */
    String getLastGoodSweep();

    int getNodesSeen();

    int getPortsSeen();

    int getLinksSeen();

    /** Known nodes that answered nothing in the last sweep. */
    int getSilentNodes();

    int getMadsFailedLastSweep();

    /** {@code discovery} (walk the fabric from the local port) or {@code targets} (the configured list). */
    String getMode();

    /** Why the last sweep could not run; empty when it ran. */
    String getLastError();

    /** Configuration remarks, e.g. why resetNearSaturation does nothing. */
    String[] getNotes();

    /**
     * smp_mad_stress's measurement, now, on the sweep's engine and within its limits: Gets to each target at queue
     * depth 1 and then 2 for {@code seconds} each, and its table per target (MAD/s, sent, answered, timeouts, RTTs).
     * Takes about 2 x {@code seconds}; one at a time (another gets "busy").
     *
     * @param targets LIDs in decimal, node or port GUIDs (0x...), or NodeDescriptions the sweep knows
     * @param attribute NodeInfo (empty), NodeDesc, PortInfo or SwitchInfo
     * @param seconds per depth, 1..60 (./fabric-health mads defaults to 5)
     */
    String measureMads(String[] targets, String attribute, int seconds);

    /**
     * The ports where traffic waits most for credits, PortXmitWait ticks per second over their last counter interval,
     * most first, at most 10: congestion, never counted as an error.
     */
    String[] getCongestedPorts();

    /**
     * ibtracert's answer, from the switches' LinearForwardingTables read through the sweep's engine (only the blocks
     * the route needs, kept until the topology or a switch's SwitchInfo changes): one line per hop with its node
     * description, GUID, LID, in port and out port, or where the trace stopped and why. Runs between sweeps.
     *
     * @param sourceLid a port's LID, 1..49151
     * @param destinationLid another port's LID
     */
    String traceRoute(int sourceLid, int destinationLid);
}
