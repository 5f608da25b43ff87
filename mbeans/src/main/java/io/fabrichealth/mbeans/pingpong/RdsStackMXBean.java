package io.fabrichealth.mbeans.pingpong;

import javax.management.openmbean.CompositeData;

/**
 * This host's RDS stack, {@code fabric.health:type=RdsStack}: every counter the kernel reports through
 * RDS_INFO_COUNTERS, the net.rds.ib.flow_control setting, and what the ping-pongs showed of credit flow control
 * per connection. Read when asked (a few system calls, no network, never blocking), at most once a second:
 * attributes read together come from one reading; ReadAt says when it was taken. RDS runs refresh it too.
 */
public interface RdsStackMXBean {
    String OBJECT_NAME = "fabric.health:type=RdsStack";

    /** Whether this host can read its RDS stack (the rds native family loaded, the kernel has AF_RDS). */
    boolean isAvailable();

    /** Why not, and what to install or load; empty when available. */
    String getUnavailability();

    /**
     * Every kernel RDS counter, name to value, in the kernel's names (core RDS, then ib_* with rds_rdma and tcp_*
     * with rds_tcp), one item per counter (Jolokia: an object). Host-wide: every RDS socket on this host counts.
     * Null when they could not be read (CounterProblem says why).
     */
    CompositeData getCounters();

    /** Why the counters could not be read; empty when they were. */
    String getCounterProblem();

    /** net.rds.ib.flow_control: 1 (credit flow control requested for new IB connections), 0, -1 = unknown. */
    int getFlowControl();

    /** Why flow_control is unknown (rds_rdma not loaded: modprobe rds_rdma); empty when known. */
    String getFlowControlProblem();

    /** ISO-8601 time of the reading these attributes come from; empty before the first. */
    String getReadAt();

    /**
     * Each RDS connection of this host ("local -> remote (transport)") to whether credit flow control carries it,
     * as the last ping-pong over it showed (mainline's RDS_INFO_IB_CONNECTIONS carries no credit state); null when
     * there are no connections.
     */
    CompositeData getCreditFlowControlByConnection();
}
