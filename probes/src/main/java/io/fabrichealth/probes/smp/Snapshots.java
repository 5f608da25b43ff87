package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.mad.LinkSpeed;
import io.fabrichealth.probes.mad.NodeInfo;
import io.fabrichealth.probes.mad.PortCapability;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.fabric.FabricMap;
import io.fabrichealth.probes.smp.fabric.KnownNode;
import io.fabrichealth.probes.smp.fabric.KnownPort;
import io.fabrichealth.probes.smp.health.CounterBook;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Copies the mutable fabric map into the immutable records the MBeans read. */
final class Snapshots {

    private Snapshots() {
    }

    static List<NodeSnapshot> nodes(FabricMap map, MadEngine engine) {
        List<NodeSnapshot> out = new ArrayList<>();
        for (KnownNode k : map.nodes()) {
            NodeInfo ni = k.info();
            Verdict worst = Verdict.OK;
            for (KnownPort p : externalPorts(k)) {
                if (p.findings().verdict().compareTo(worst) > 0) {
                    worst = p.findings().verdict();
                }
            }
            out.add(new NodeSnapshot(k.guid(), k.type().display(), k.description(), ni.numPorts(), k.lid(),
                    ni.portGuid(), ni.systemImageGuid(), ni.vendorId(), ni.deviceId(),
                    k.route() == null ? "" : k.route().toString(), k.local(), k.answeredLastSweep(), k.lastAnswered(),
                    k.failuresLastSweep(), engine.rtt(String.format("0x%016x", k.guid())), worst));
        }
        return List.copyOf(out);
    }

    static List<PortSnapshot> ports(FabricMap map) {
        List<PortSnapshot> out = new ArrayList<>();
        for (KnownNode k : map.nodes()) {
            for (KnownPort p : externalPorts(k)) {
                out.add(port(k, p));
            }
        }
        return List.copyOf(out);
    }

    /** Ports 1..N: a switch's port 0 is the switch itself and carries no link. */
    static List<KnownPort> externalPorts(KnownNode k) {
        List<KnownPort> out = new ArrayList<>();
        for (KnownPort p : k.ports()) {
            if (p.number() != 0) {
                out.add(p);
            }
        }
        return out;
    }

    private static PortSnapshot port(KnownNode k, KnownPort p) {
        PortInfo pi = p.info();
        CounterBook book = p.counters();
        Map<IbaCounter, Long> totals = new EnumMap<>(IbaCounter.class);
        Map<IbaCounter, Long> deltas = new EnumMap<>(IbaCounter.class);
        if (book.latest() != null) {
            for (IbaCounter c : IbaCounter.values()) {
                if (book.seen(c)) {
                    totals.put(c, book.total(c));
                    deltas.put(c, book.delta(c));
                }
            }
        }
        int lid = k.isSwitch() ? k.lid() : pi == null ? 0 : pi.lid();
        return new PortSnapshot(k.guid(), p.number(), p.portGuid(), k.description(), k.type().display(), lid,
                pi == null ? -1 : pi.portState(), pi == null ? -1 : pi.physicalState(),
                pi == null ? -1 : pi.linkWidthActive(), pi == null ? -1 : pi.linkWidthEnabled(),
                pi == null ? -1 : pi.linkWidthSupported(), pi == null ? -1 : pi.linkSpeedActive(),
                pi == null ? -1 : pi.linkSpeedEnabled(), pi == null ? -1 : pi.linkSpeedSupported(),
                pi == null ? -1 : pi.linkSpeedExtActive(), pi == null ? -1 : pi.linkSpeedExtEnabled(),
                pi == null ? -1 : pi.linkSpeedExtSupported(), speed(k, p), p.findings().degraded(),
                p.findings().degradedRemark(), p.findings().verdict(), p.findings().reasons(),
                Collections.unmodifiableMap(totals), Collections.unmodifiableMap(deltas), p.findings().saturated(),
                book.resets(), p.countersProblem(), p.remoteGuid(), p.remotePort(), p.infoAt(), p.countersAt(),
                k.answeredLastSweep());
    }

    /** The active lane speed as iblinkinfo prints it; empty when the port is Down or unread. */
    private static String speed(KnownNode k, KnownPort p) {
        PortInfo pi = p.info();
        if (pi == null || pi.state() == PortState.DOWN) {
            return "";
        }
        boolean ext = PortCapability.IS_EXTENDED_SPEEDS_SUPPORTED.isIn(k.capabilityMaskFor(p.number()));
        LinkSpeed s = pi.activeSpeed(ext);
        return s == LinkSpeed.UNKNOWN ? "undefined" : s.display();
    }
}
