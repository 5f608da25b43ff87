package io.fabrichealth.mbeans.smp;

import io.fabrichealth.probes.smp.NodeSnapshot;

/**
 * The Node MBean: reads the snapshot the last sweep of the node left (this agent's, or in a fleet its owner's), and
 * this agent's own count of MADs sent to it.
 */
final class Node extends SweptBean<Node.Reading> implements NodeMXBean {

    /** One sweep's node and this agent's MADs to it at that sweep, swapped in together. */
    record Reading(NodeSnapshot s, long madsSent) {
    }

    Node(NodeSnapshot snapshot, long madsSentHere) {
        super(NodeMXBean.class, new Reading(snapshot, madsSentHere));
    }

    void update(NodeSnapshot snapshot, long madsSentHere) {
        show(new Reading(snapshot, madsSentHere));
    }

    private NodeSnapshot s() {
        return view().s();
    }

    @Override
    public String getNodeGuid() {
        return SmpText.guid(s().guid());
    }

    @Override
    public String getNodeDescription() {
        return s().description();
    }

    @Override
    public String getNodeType() {
        return s().nodeType();
    }

    @Override
    public int getNumPorts() {
        return s().numPorts();
    }

    @Override
    public int getLid() {
        return s().lid();
    }

    @Override
    public String getPortGuid() {
        return SmpText.guid(s().portGuid());
    }

    @Override
    public String getSystemImageGuid() {
        return SmpText.guid(s().systemImageGuid());
    }

    @Override
    public int getVendorId() {
        return s().vendorId();
    }

    @Override
    public int getDeviceId() {
        return s().deviceId();
    }

    @Override
    public String getRoute() {
        return s().route();
    }

    @Override
    public boolean isLocal() {
        return s().local();
    }

    @Override
    public boolean isAnswering() {
        return s().answering();
    }

    @Override
    public String getLastAnswered() {
        return SmpText.time(s().lastAnswered());
    }

    @Override
    public int getMadFailuresLastSweep() {
        return s().failuresLastSweep();
    }

    @Override
    public String getHealth() {
        return s().health().name();
    }

    @Override
    public long getMadsSent() {
        return view().madsSent();
    }

    @Override
    public String getSweptBy() {
        return s().sweptBy();
    }

    @Override
    public long getRttCount() {
        return s().rtt().count();
    }

    @Override
    public long getRttMinMicros() {
        return s().rtt().minMicros();
    }

    @Override
    public long getRttP50Micros() {
        return s().rtt().p50Micros();
    }

    @Override
    public long getRttP99Micros() {
        return s().rtt().p99Micros();
    }

    @Override
    public long getRttMaxMicros() {
        return s().rtt().maxMicros();
    }
}
