package io.fabrichealth.mbeans.metrics;

import io.fabrichealth.mbeans.smp.PortKey;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SmpSnapshot;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * Port counters and states from the last SMP sweep, under the names node_exporter's infiniband collector uses,
 * prefixed {@code fabric_health_} (node_exporter sees the local HCA; this sees the whole fabric, so the two must
 * not sum into one series). Labels: {@code device} (NodeDescription, where node_exporter has the HCA name),
 * {@code port}, and {@code guid} (the node GUID, unique where descriptions repeat).
 *
 * <p>In a fleet Prometheus scrapes every agent, so by default each exports only the ports it swept itself and the
 * fleet yields each series once. {@code exportFleet} adds the ports the other members swept (this agent's record
 * wins where both have one), for a setup that scrapes a single agent.
 */
public final class PortMetrics implements MultiCollector {
    private static final String PREFIX = "fabric_health_infiniband_";
    private static final Map<IbaCounter, String[]> NAMES = new EnumMap<>(IbaCounter.class);

    static {
        name(IbaCounter.SYMBOL_ERROR_COUNTER, "symbol_error", "Symbol errors on the link (SymbolErrorCounter)");
        name(IbaCounter.LINK_ERROR_RECOVERY_COUNTER, "link_error_recovery", "Link error recoveries (LinkErrorRecoveryCounter)");
        name(IbaCounter.LINK_DOWNED_COUNTER, "link_downed", "Times the link went down (LinkDownedCounter)");
        name(IbaCounter.PORT_RCV_ERRORS, "port_errors_received", "Packets received with errors (PortRcvErrors)");
        name(IbaCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS, "port_receive_remote_physical_errors", "PortRcvRemotePhysicalErrors");
        name(IbaCounter.PORT_RCV_SWITCH_RELAY_ERRORS, "port_receive_switch_relay_errors", "PortRcvSwitchRelayErrors");
        name(IbaCounter.PORT_XMIT_DISCARDS, "port_discards_transmitted", "Outbound packets discarded (PortXmitDiscards)");
        name(IbaCounter.PORT_XMIT_CONSTRAINT_ERRORS, "port_constraint_errors_transmitted", "PortXmitConstraintErrors");
        name(IbaCounter.PORT_RCV_CONSTRAINT_ERRORS, "port_constraint_errors_received", "PortRcvConstraintErrors");
        name(IbaCounter.LOCAL_LINK_INTEGRITY_ERRORS, "local_link_integrity_errors", "LocalLinkIntegrityErrors");
        name(IbaCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS, "excessive_buffer_overrun_errors", "ExcessiveBufferOverrunErrors");
        name(IbaCounter.VL15_DROPPED, "vl15_dropped", "VL15 packets dropped (VL15Dropped)");
        name(IbaCounter.PORT_XMIT_WAIT, "port_transmit_wait", "Ticks with data to send but no credits (PortXmitWait): congestion");
        name(IbaCounter.PORT_XMIT_PKTS, "port_packets_transmitted", "Packets transmitted (PortXmitPkts)");
        name(IbaCounter.PORT_RCV_PKTS, "port_packets_received", "Packets received (PortRcvPkts)");
    }

    private final Supplier<SmpSnapshot> snapshot;
    private final Supplier<List<PortSnapshot>> others;
    private final boolean exportFleet;
    private final LongPredicate owns;

    /** A single agent: every port it swept. */
    public PortMetrics(Supplier<SmpSnapshot> snapshot) {
        this(snapshot, List::of, false, guid -> true);
    }

    /**
     * @param others the ports the other members of the fleet swept last
     * @param exportFleet export every port of the fleet, not only this agent's own
     * @param owns the nodes this agent owns: it exports their ports (from its own sweep, or from another member's
     *     fresher one, e.g. the discovery owner's), so each port comes from exactly one agent of the fleet
     */
    public PortMetrics(Supplier<SmpSnapshot> snapshot, Supplier<List<PortSnapshot>> others, boolean exportFleet,
            LongPredicate owns) {
        this.snapshot = snapshot;
        this.others = others;
        this.exportFleet = exportFleet;
        this.owns = owns;
    }

    private List<PortSnapshot> exported(SmpSnapshot s) {
        Map<PortKey, PortSnapshot> all = new LinkedHashMap<>();
        others.get().forEach(p -> all.put(PortKey.of(p), p));
        s.ports().forEach(p -> all.put(PortKey.of(p), p));
        return all.values().stream().filter(p -> exportFleet || owns.test(p.nodeGuid())).toList();
    }

    private static void name(IbaCounter c, String suffix, String help) {
        NAMES.put(c, new String[] {PREFIX + suffix, help});
    }

    @Override
    public MetricSnapshots collect() {
        SmpSnapshot s = snapshot.get();
        Map<IbaCounter, MetricFamily> counters = new EnumMap<>(IbaCounter.class);
        NAMES.forEach((c, n) -> counters.put(c, MetricFamily.counter(n[0], n[1])));
        MetricFamily xmitBytes = MetricFamily.counter(PREFIX + "port_data_transmitted_bytes", "Data transmitted (PortXmitData x 4)");
        MetricFamily rcvBytes = MetricFamily.counter(PREFIX + "port_data_received_bytes", "Data received (PortRcvData x 4)");
        MetricFamily state = MetricFamily.gauge(PREFIX + "state_id", "PortState: 1 Down, 2 Init, 3 Armed, 4 Active");
        MetricFamily phys = MetricFamily.gauge(PREFIX + "physical_state_id", "PhysState: 2 Polling, 3 Disabled, 5 LinkUp, ...");
        MetricFamily degraded = MetricFamily.gauge("fabric_health_port_degraded",
                "1 when the link runs below what both ends could run (iblinkinfo: Could be)");
        MetricFamily health = MetricFamily.gauge("fabric_health_port_health", "Port verdict: 0 OK, 1 WARN, 2 CRIT");
        for (PortSnapshot p : exported(s)) {
            String[] labels = {"device", p.nodeDescription(), "port", Integer.toString(p.port()),
                    "guid", String.format("0x%016x", p.nodeGuid())};
            for (Map.Entry<IbaCounter, Long> e : p.counters().entrySet()) {
                MetricFamily f = counters.get(e.getKey());
                if (f != null) {
                    f.add(unsigned(e.getValue()), labels);
                } else if (e.getKey() == IbaCounter.PORT_XMIT_DATA) {
                    xmitBytes.add(unsigned(e.getValue()) * 4, labels); // the counter counts 4-byte words
                } else if (e.getKey() == IbaCounter.PORT_RCV_DATA) {
                    rcvBytes.add(unsigned(e.getValue()) * 4, labels);
                }
            }
            if (p.portState() >= 0) {
                state.add(p.portState(), labels);
                phys.add(p.physState(), labels);
            }
            degraded.add(p.degraded() ? 1 : 0, labels);
            health.add(p.health().ordinal(), labels);
        }
        MetricSnapshots.Builder out = MetricSnapshots.builder();
        counters.values().forEach(f -> out.metricSnapshot(f.build()));
        out.metricSnapshot(xmitBytes.build()).metricSnapshot(rcvBytes.build()).metricSnapshot(state.build())
                .metricSnapshot(phys.build()).metricSnapshot(degraded.build()).metricSnapshot(health.build());
        out.metricSnapshot(MetricFamily.gauge("fabric_health_smp_sweep_duration_seconds", "Length of the last SMP sweep")
                .add(Math.max(0, s.sweepDurationMillis()) / 1000.0).build());
        out.metricSnapshot(MetricFamily.gauge("fabric_health_smp_ports_seen", "Ports seen by the last SMP sweep")
                .add(s.portsSeen()).build());
        return out.build();
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : v + 0x1p64; // 64-bit accumulators are unsigned
    }
}
