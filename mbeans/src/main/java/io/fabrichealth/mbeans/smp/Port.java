package io.fabrichealth.mbeans.smp;

import io.fabrichealth.probes.mad.LinkSpeed;
import io.fabrichealth.probes.mad.LinkWidth;
import io.fabrichealth.probes.mad.PhysState;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.LinkDegradation;
import java.util.function.IntFunction;
import javax.management.openmbean.CompositeData;

/**
 * The Port MBean: reads the snapshot the last sweep left, nothing else. Each sweep's snapshot and what a read would
 * otherwise rebuild from it (the CounterDeltas composite) are swapped in as one {@link Reading}.
 */
final class Port extends SweptBean<Port.Reading> implements PortMXBean {

    /** One sweep's port, as every read shows it; built once per sweep, since monitoring reads far more often. */
    record Reading(PortSnapshot s, CompositeData deltas) {
        static Reading of(PortSnapshot s) {
            return new Reading(s, SmpComposites.deltas(s.deltas()));
        }
    }

    private final PortHistory history = new PortHistory();

    Port(PortSnapshot snapshot) {
        super(PortMXBean.class, Reading.of(snapshot));
        history.record(snapshot);
    }

    void update(PortSnapshot snapshot) {
        Reading last = view();
        // An idle port's deltas repeat sweep after sweep: comparing 22 longs is cheaper than a new CompositeData.
        show(last.s().deltas().equals(snapshot.deltas()) ? new Reading(snapshot, last.deltas())
                : Reading.of(snapshot));
        history.record(snapshot);
    }

    @Override
    public CompositeData[] getHistory() {
        return history.rows();
    }

    private PortSnapshot s() {
        return view().s();
    }

    @Override
    public String getNodeDescription() {
        return s().nodeDescription();
    }

    @Override
    public String getNodeType() {
        return s().nodeType();
    }

    @Override
    public String getNodeGuid() {
        return SmpText.guid(s().nodeGuid());
    }

    @Override
    public int getPortNumber() {
        return s().port();
    }

    @Override
    public String getPortGuid() {
        return guidOrEmpty(s().portGuid());
    }

    @Override
    public int getLid() {
        return s().lid();
    }

    @Override
    public String getPortState() {
        return field(s().portState(), PortState::display);
    }

    @Override
    public String getPhysState() {
        return field(s().physState(), PhysState::display);
    }

    @Override
    public String getLinkWidthActive() {
        return field(s().linkWidthActive(), LinkWidth::display);
    }

    @Override
    public String getLinkWidthEnabled() {
        return field(s().linkWidthEnabled(), LinkWidth::displayMask);
    }

    @Override
    public String getLinkWidthSupported() {
        return field(s().linkWidthSupported(), LinkWidth::displaySupportedMask);
    }

    @Override
    public String getLinkSpeedActive() {
        return s().linkSpeed();
    }

    @Override
    public String getLinkSpeedEnabled() {
        return field(s().linkSpeedEnabled(), LinkSpeed::displayMask);
    }

    @Override
    public String getLinkSpeedSupported() {
        return field(s().linkSpeedSupported(), LinkSpeed::displayMask);
    }

    @Override
    public String getLinkSpeedExtActive() {
        return field(s().linkSpeedExtActive(), LinkSpeed::displayExtActive);
    }

    @Override
    public String getLinkSpeedExtEnabled() {
        return field(s().linkSpeedExtEnabled(), LinkSpeed::displayExtEnabledMask);
    }

    @Override
    public boolean isDegraded() {
        return s().degraded();
    }

    @Override
    public String getDegradedRemark() {
        return s().degradedRemark();
    }

    @Override
    public String getDegradedRule() {
        return s().degraded() ? LinkDegradation.RULE : "";
    }

    @Override
    public String getHealth() {
        return s().health().name();
    }

    @Override
    public String[] getHealthReasons() {
        return s().reasons().toArray(String[]::new);
    }

    @Override
    public String getRemoteGuid() {
        return guidOrEmpty(s().remoteGuid());
    }

    @Override
    public int getRemotePort() {
        PortSnapshot s = s();
        return s.remoteGuid() == 0 ? -1 : s.remotePort();
    }

    @Override
    public String getLastSweep() {
        return SmpText.time(s().lastSweep());
    }

    @Override
    public String getCountersReadAt() {
        return SmpText.time(s().countersAt());
    }

    @Override
    public String getCountersProblem() {
        return s().countersProblem();
    }

    @Override
    public boolean isAnswering() {
        return s().answering();
    }

    @Override
    public String getSweptBy() {
        return s().sweptBy();
    }

    @Override
    public CompositeData getCounterDeltas() {
        return view().deltas();
    }

    @Override
    public String[] getSaturatedCounters() {
        return s().saturated().toArray(String[]::new);
    }

    @Override
    public long getCounterResets() {
        return s().counterResets();
    }

    @Override
    public long getSymbolErrorCounter() {
        return counter(IbaCounter.SYMBOL_ERROR_COUNTER);
    }

    @Override
    public long getLinkErrorRecoveryCounter() {
        return counter(IbaCounter.LINK_ERROR_RECOVERY_COUNTER);
    }

    @Override
    public long getLinkDownedCounter() {
        return counter(IbaCounter.LINK_DOWNED_COUNTER);
    }

    @Override
    public long getPortRcvErrors() {
        return counter(IbaCounter.PORT_RCV_ERRORS);
    }

    @Override
    public long getPortRcvRemotePhysicalErrors() {
        return counter(IbaCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS);
    }

    @Override
    public long getPortRcvSwitchRelayErrors() {
        return counter(IbaCounter.PORT_RCV_SWITCH_RELAY_ERRORS);
    }

    @Override
    public long getPortXmitDiscards() {
        return counter(IbaCounter.PORT_XMIT_DISCARDS);
    }

    @Override
    public long getPortXmitConstraintErrors() {
        return counter(IbaCounter.PORT_XMIT_CONSTRAINT_ERRORS);
    }

    @Override
    public long getPortRcvConstraintErrors() {
        return counter(IbaCounter.PORT_RCV_CONSTRAINT_ERRORS);
    }

    @Override
    public long getLocalLinkIntegrityErrors() {
        return counter(IbaCounter.LOCAL_LINK_INTEGRITY_ERRORS);
    }

    @Override
    public long getExcessiveBufferOverrunErrors() {
        return counter(IbaCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS);
    }

    @Override
    public long getVL15Dropped() {
        return counter(IbaCounter.VL15_DROPPED);
    }

    @Override
    public long getQP1Dropped() {
        return counter(IbaCounter.QP1_DROPPED);
    }

    @Override
    public long getPortXmitData() {
        return counter(IbaCounter.PORT_XMIT_DATA);
    }

    @Override
    public long getPortRcvData() {
        return counter(IbaCounter.PORT_RCV_DATA);
    }

    @Override
    public long getPortXmitPkts() {
        return counter(IbaCounter.PORT_XMIT_PKTS);
    }

    @Override
    public long getPortRcvPkts() {
        return counter(IbaCounter.PORT_RCV_PKTS);
    }

    @Override
    public long getPortXmitWait() {
        return counter(IbaCounter.PORT_XMIT_WAIT);
    }

    @Override
    public long getPortUnicastXmitPkts() {
        return counter(IbaCounter.PORT_UNICAST_XMIT_PKTS);
    }

    @Override
    public long getPortUnicastRcvPkts() {
        return counter(IbaCounter.PORT_UNICAST_RCV_PKTS);
    }

    @Override
    public long getPortMulticastXmitPkts() {
        return counter(IbaCounter.PORT_MULTICAST_XMIT_PKTS);
    }

    @Override
    public long getPortMulticastRcvPkts() {
        return counter(IbaCounter.PORT_MULTICAST_RCV_PKTS);
    }

    private long counter(IbaCounter c) {
        return s().counters().getOrDefault(c, -1L);
    }

    private static String guidOrEmpty(long guid) {
        return guid == 0 ? "" : SmpText.guid(guid);
    }

    static String field(int raw, IntFunction<String> display) {
        return raw < 0 ? "" : display.apply(raw);
    }
}
