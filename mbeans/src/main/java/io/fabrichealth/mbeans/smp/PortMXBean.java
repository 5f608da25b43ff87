package io.fabrichealth.mbeans.smp;

import javax.management.openmbean.CompositeData;

/**
 * One port of the fabric, {@code fabric.health:type=Port,guid=<NodeGUID as 0x%016x>,port=<n>}, as the last SMP
 * sweep saw it. Getters return the last sweep's values and never send a MAD. PortInfo values use infiniband-diags'
 * words ({@code Active}, {@code LinkUp}, {@code 4X}, {@code 10.0 Gbps}); empty when no PortInfo was ever read.
 * Counters are 64-bit accumulators (the first reading plus every non-negative delta since), -1 when the port does
 * not report the counter; IBA data counters count 4-octet words.
 */
public interface PortMXBean {
    /** Pattern matching every port. */
    String OBJECT_NAME = "fabric.health:type=Port,guid=*,port=*";

    String getNodeDescription();

    /** {@code Switch} or {@code Channel Adapter}. */
    String getNodeType();

    String getNodeGuid();

    int getPortNumber();

    /** The port GUID (switch ports share port 0's); empty when unknown. */
    String getPortGuid();

    /** The LID MADs reach the port by: the switch's (port 0) on a switch port. 0 = none. */
    int getLid();

    /** Down, Initialize, Armed, Active. */
    String getPortState();

    /** Sleep, Polling, Disabled, PortConfigurationTraining, LinkUp, LinkErrorRecovery, PhyTest. */
    String getPhysState();

    String getLinkWidthActive();

    String getLinkWidthEnabled();

    String getLinkWidthSupported();

    /** The lane speed the link runs at, extended speeds included, as iblinkinfo prints it; empty when Down. */
    String getLinkSpeedActive();

    String getLinkSpeedEnabled();

    String getLinkSpeedSupported();

    String getLinkSpeedExtActive();

    String getLinkSpeedExtEnabled();

    /** The link runs below what both ends support (see DegradedRule). */
    boolean isDegraded();

    /** iblinkinfo's remark, e.g. {@code Could be 12X}; empty when not degraded. */
    String getDegradedRemark();

    /**
     * How Degraded was decided, on a degraded port; empty otherwise, so that a bulk read of a large fabric does not
     * carry the same sentence once per port.
     */
    String getDegradedRule();

    /** OK, WARN or CRIT. */
    String getHealth();

    /** Why, worst first; informational lines (resets, congestion) do not change Health. */
    String[] getHealthReasons();

    /** The neighbour's node GUID; empty when the port has no link. */
    String getRemoteGuid();

    /** The neighbour's port number; -1 when the port has no link. */
    int getRemotePort();

    /** When the PortInfo was last read (ISO-8601); empty = never. */
    String getLastSweep();

    /** When the counters were last read (ISO-8601); empty = never. */
    String getCountersReadAt();

    /** Why the counters were not read in the last sweep; empty when they were. */
    String getCountersProblem();

    /** The node answered in the last sweep; false means every value here is older. */
    boolean isAnswering();

    /** The name of the agent that swept this port (in a fleet, the node's owner); empty for an unnamed agent. */
    String getSweptBy();

    /** Growth of every reported counter over the last sweep interval, by IBA name; never negative. */
    CompositeData getCounterDeltas();

    /** The last 60 sweeps, oldest first: sweptAt, health, portState, errorDelta, data and XmitWait deltas. */
    CompositeData[] getHistory();

    /** Narrow (PortCounters) counters stuck at their maximum. */
    String[] getSaturatedCounters();

    /** Sweeps in which a counter went down (someone cleared the counters); each re-baselines, no negative delta. */
    long getCounterResets();

    long getSymbolErrorCounter();

    long getLinkErrorRecoveryCounter();

    long getLinkDownedCounter();

    long getPortRcvErrors();

    long getPortRcvRemotePhysicalErrors();

    long getPortRcvSwitchRelayErrors();

    long getPortXmitDiscards();

    long getPortXmitConstraintErrors();

    long getPortRcvConstraintErrors();

    long getLocalLinkIntegrityErrors();

    long getExcessiveBufferOverrunErrors();

    long getVL15Dropped();

    long getQP1Dropped();

    /** In 4-octet words. */
    long getPortXmitData();

    /** In 4-octet words. */
    long getPortRcvData();

    long getPortXmitPkts();

    long getPortRcvPkts();

    /** Congestion (ticks with data but no credits), not an error. */
    long getPortXmitWait();

    long getPortUnicastXmitPkts();

    long getPortUnicastRcvPkts();

    long getPortMulticastXmitPkts();

    long getPortMulticastRcvPkts();
}
