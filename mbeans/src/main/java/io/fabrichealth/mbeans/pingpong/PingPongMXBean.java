package io.fabrichealth.mbeans.pingpong;

import io.fabrichealth.mbeans.PathMXBean;

/**
 * The last ping-pong run against one peer over one transport,
 * {@code fabric.health:type=PingPong,transport=<rds|verbs|fabric>,peer=<host:port>}. Statistics have rds-stress's
 * meanings (see PingPongStats); getters return the cached last run and never start one. Corruption is kept until
 * acknowledged: {@link #getCorruptions()} counts every corrupted payload since start, {@link #getLastCorruption()}
 * holds the details of the last one until {@link #acknowledgeCorruption(String)}.
 */
public interface PingPongMXBean extends PathMXBean {
    String OBJECT_NAME = "fabric.health:type=PingPong,transport=*,peer=*";
    /** Notification type sent when a run found corrupted payloads; userData is the details text. */
    String CORRUPTION_NOTIFICATION = "fabric.health.pingpong.corruption";

    String getPeer();

    /**
     * What actually carried the data: the RDS transport the kernel used (tcp, infiniband), provider and type, or
     * for verbs the queue pair and memory mode used ({@code RC, memory window (type 2), invalidated by the server
     * (server_inv)}).
     */
    String getTransport();

    /** ok, fail, unreachable, unsupported (this host cannot) or refused (the peer said it cannot); empty = never ran. */
    String getResult();

    /** Why the last run was not ok; empty when it was. */
    String getFailureReason();

    /** ISO-8601 start of the last run; empty = never. */
    String getLastRun();

    /** Whether the peer answered the last run; true before the first run. */
    boolean isPeerReachable();

    /** Runs in a row the peer did not answer. */
    int getConsecutiveMisses();

    double getTxPerSecond();

    double getTxRxBytesPerSecond();

    /** RDMA write + read bytes per second (rds-stress rw+rr); 0 when no RDMA path ran. */
    double getRwRrBytesPerSecond();

    double getTxMicrosPerSend();

    /** RTT of the last run in microseconds; -1 = nothing acked. */
    double getRttMinMicros();

    double getRttP50Micros();

    double getRttP99Micros();

    double getRttMaxMicros();

    /** rds-stress's rtt us: the average round trip of the last run; -1 = nothing acked. */
    double getRttMeanMicros();

    long getSent();

    long getAcked();

    long getLost();

    long getLate();

    /** Sends refused by a full queue (ENOBUFS on RDS) in the last run. */
    long getCongestion();

    /** Messages with broken headers dropped in the last run, by this side and the responder. */
    long getMalformed();

    /** Corrupted payloads found since start, on either side; never reset. */
    long getCorruptions();

    /** Details of the last corrupted payload; kept until acknowledged, empty when none. */
    String getLastCorruption();

    /** Verbs, window memory mode: memory-window binds the client made in the last run; -1 = it bound none. */
    long getVerbsBinds();

    /**
     * Verbs, window memory mode: invalidations the client saw happen in the last run (the server's SEND_WITH_INV
     * or its own LOCAL_INV); -1 = the last run used no memory windows.
     */
    long getVerbsInvalidations();

    long getRuns();

    long getFailures();

    /**
     * OK, WARN (the run passed but a finding stands, e.g. CreditStalls: a capacity signal, not an error) or CRIT
     * (the last run failed or the peer did not answer); empty before the first run.
     */
    String getVerdict();

    /** Standing findings, "Name: details" (CreditStalls while its alarm is active); empty when none. */
    String[] getFindings();

    /**
     * RDS only: whether credit flow control carried the last run: engaged, requested but not engaged by this kernel,
     * off, or could not be told; empty for other transports and before the first run.
     */
    String getCreditFlowControl();

    /** The evidence for CreditFlowControl: which counters moved, the setting, or why nothing can be told. */
    String getCreditFlowControlEvidence();

    /** net.rds.ib.flow_control when the last RDS run began: 1, 0; -1 = unknown or not an RDS run. */
    int getFlowControlSetting();

    /**
     * The kernel's ib_tx_stalled over the last RDS run: sends completed over 0.5 s after they were queued (with
     * credits engaged, waiting for credits). Like every counter below it is host-wide: concurrent RDS traffic of
     * other sockets on this host is included. -1 = not read (not RDS, or this kernel does not report it).
     */
    long getTxStalledDelta();

    /** ib_tx_credit_updates over the last RDS run: credit updates this host sent (host-wide; -1 = not read). */
    long getTxCreditUpdatesDelta();

    /** ib_rx_credit_updates over the last RDS run: credit updates this host received (host-wide; -1 = not read). */
    long getRxCreditUpdatesDelta();

    /** ib_tx_ring_full over the last RDS run: sends refused for a full send ring (host-wide; -1 = not read). */
    long getTxRingFullDelta();

    /** ib_tx_throttle over the last RDS run: sends held for lack of credits (host-wide; -1 = not read). */
    long getTxThrottleDelta();

    /**
     * Every kernel RDS counter's change over the last RDS run (RDS_INFO_COUNTERS, the kernel's names), read just
     * before it and after it once the counters stopped moving. Host-wide: concurrent RDS traffic on this host is
     * included. One item per counter (Jolokia: an object); null for other transports.
     */
    javax.management.openmbean.CompositeData getKernelCounterDeltas();

    /** Clears LastCorruption and acknowledges the peer's Corruption alarm; {@code who} names a person or ticket. */
    String acknowledgeCorruption(String who);

    /** Runs now (blocking for the configured duration) and returns the summary. */
    String runNow();
}
