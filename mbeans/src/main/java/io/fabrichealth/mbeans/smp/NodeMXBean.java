package io.fabrichealth.mbeans.smp;

/**
 * One node of the fabric, {@code fabric.health:type=Node,guid=<NodeGUID as 0x%016x>}, as the last SMP sweep saw it.
 * A node that stops answering stays, with Answering false. RTTs are microseconds, -1 before the first answer.
 */
public interface NodeMXBean {
    /** Pattern matching every node. */
    String OBJECT_NAME = "fabric.health:type=Node,guid=*";

    String getNodeGuid();

    String getNodeDescription();

    /** {@code Switch} or {@code Channel Adapter}. */
    String getNodeType();

    int getNumPorts();

    /** 0 when the subnet manager has not assigned one. */
    int getLid();

    String getPortGuid();

    String getSystemImageGuid();

    int getVendorId();

    int getDeviceId();

    /** How the last sweep reached it: {@code DR 0,1,3} (directed route) or {@code LID 5}. */
    String getRoute();

    /** This is the agent's own node. */
    boolean isLocal();

    /** It answered at least one MAD in the last sweep. */
    boolean isAnswering();

    /** ISO-8601; empty = never. */
    String getLastAnswered();

    /** Its requests that ended unanswered in the last sweep, after retries. */
    int getMadFailuresLastSweep();

    /** The worst Health of its ports: OK, WARN or CRIT. */
    String getHealth();

    /**
     * MADs this agent has sent to it since the agent started, retries included, whoever sweeps it: summed over the
     * Node MBeans of one node on every agent of a fleet, the SMP load the node carries.
     */
    long getMadsSent();

    /** The name of the agent that swept it (in a fleet, its owner); empty for an unnamed agent. */
    String getSweptBy();

    long getRttCount();

    long getRttMinMicros();

    long getRttP50Micros();

    long getRttP99Micros();

    long getRttMaxMicros();
}
