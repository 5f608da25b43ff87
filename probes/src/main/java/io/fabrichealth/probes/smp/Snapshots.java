package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.mad.LinkSpeed;
import io.fabrichealth.probes.mad.NodeInfo;
import io.fabrichealth.probes.mad.PortCapability;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.RttSummary;
import io.fabrichealth.probes.smp.fabric.FabricMap;
import io.fabrichealth.probes.smp.fabric.KnownNode;
import io.fabrichealth.probes.smp.fabric.KnownPort;
import io.fabrichealth.probes.smp.health.CounterBook;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Copies the mutable fabric map into the immutable records the MBeans read. */
final class Snapshots {
    private Snapshots() {
    }

    /**
     * The nodes this agent swept in the last sweep (alone: every known node).
     *
     * @param rtts the engine's RTTs by destination, as its stats gave them
     */
    static List<NodeSnapshot> nodes(FabricMap map, MadEngine engine, Map<String, RttSummary> rtts, String sweptBy) {
        List<NodeSnapshot> out = new ArrayList<>();
        for (KnownNode k : map.nodes()) {
            if (!k.sweptHere()) {
                continue;
            }
            NodeInfo ni = k.info();
            Verdict worst = worst(k);
            if (ni == null) {
                out.add(unread(k, engine, rtt(rtts, k), worst, sweptBy));
                continue;
            }
            out.add(new NodeSnapshot(k.guid(), k.type().display(), k.description(), ni.numPorts(), k.lid(),
                    ni.portGuid(), ni.systemImageGuid(), ni.vendorId(), ni.deviceId(),
                    k.routeText(), k.local(), k.answeredLastSweep(), k.lastAnswered(),
                    k.failuresLastSweep(), rtt(rtts, k), worst, madsSent(k, engine), sweptBy));
        }
        return List.copyOf(out);
    }

    private static RttSummary rtt(Map<String, RttSummary> rtts, KnownNode k) {
        return rtts.getOrDefault(k.name(), RttSummary.EMPTY);
    }

    private static Verdict worst(KnownNode k) {
        Verdict worst = Verdict.OK;
        for (KnownPort p : k.externalPorts()) {
            if (p.findings().verdict().compareTo(worst) > 0) {
                worst = p.findings().verdict();
            }
        }
        return worst;
    }

    /** A node known from the fleet's node list that has not answered this agent yet: what the list says. */
    private static NodeSnapshot unread(KnownNode k, MadEngine engine, RttSummary rtt, Verdict worst,
            String sweptBy) {
        FabricNode f = k.published();
        return new NodeSnapshot(k.guid(), f == null ? k.type().display() : f.nodeType().display(), k.description(),
                f == null ? 0 : f.numPorts(), k.lid(), f == null ? 0 : f.portGuid(), 0, 0, 0, "", k.local(), false,
                k.lastAnswered(), k.failuresLastSweep(), rtt, worst, madsSent(k, engine),
                sweptBy);
    }

    /** This agent's MADs to every node it knows, swept here or not; nodes it never sent to are left out. */
    static Map<Long, Long> madsSent(FabricMap map, MadEngine engine) {
        Map<Long, Long> out = new HashMap<>();
        for (KnownNode k : map.nodes()) {
            long n = madsSent(k, engine);
            if (n > 0) {
                out.put(k.guid(), n);
            }
        }
        return Map.copyOf(out);
    }

    private static long madsSent(KnownNode k, MadEngine engine) {
        return engine.madsSent(k.name()) + k.madsViaRoutes();
    }

    /** The ports of the nodes this agent swept in the last sweep. */
    static List<PortSnapshot> ports(FabricMap map, String sweptBy) {
        List<PortSnapshot> out = new ArrayList<>();
        for (KnownNode k : map.nodes()) {
            if (!k.sweptHere()) {
                continue;
            }
            for (KnownPort p : k.externalPorts()) {
                out.add(port(k, p, sweptBy));
            }
        }
        return List.copyOf(out);
    }

    /**
     * The node list a discovery publishes to the fleet: every node this agent knows, with the LID, cables and
     * description it last saw (a vanished node stays listed, so its owner keeps asking it and it turns silent).
     */
    static List<FabricNode> fabric(FabricMap map, Set<Long> reachedNow, String discoveredBy, Instant now) {
        List<FabricNode> out = new ArrayList<>();
        for (KnownNode k : map.nodes()) {
            NodeInfo ni = k.info();
            FabricNode before = k.published();
            if (ni == null && before == null) {
                continue;
            }
            List<FabricNode.FabricLink> links = new ArrayList<>();
            for (KnownPort p : k.externalPorts()) {
                PortInfo pi = p.info();
                if (p.remoteGuid() != 0 && pi != null) {
                    links.add(new FabricNode.FabricLink(p.number(), p.remoteGuid(), p.remotePort(),
                            pi.linkWidthSupported(), pi.linkSpeedSupported(), pi.linkSpeedExtSupported(),
                            PortCapability.IS_EXTENDED_SPEEDS_SUPPORTED.isIn(k.capabilityMaskFor(p.number()))));
                } else if (p.remoteGuid() != 0 && p.published() != null) {
                    links.add(p.published()); // a port never read here: pass on what the list said
                }
            }
            // A node this discovery did not reach keeps the date and finder of the record that last listed it.
            boolean reached = reachedNow.contains(k.guid()) || before == null;
            out.add(new FabricNode(k.guid(), k.lid(), ni != null ? ni.type() : before.nodeType(),
                    ni != null ? ni.numPorts() : before.numPorts(), k.description(),
                    ni != null ? ni.portGuid() : before.portGuid(), k.local(), links,
                    reached ? now : before.discoveredAt(), reached ? discoveredBy : before.discoveredBy()));
        }
        return List.copyOf(out);
    }

    private static PortSnapshot port(KnownNode k, KnownPort p, String sweptBy) {
        PortInfo pi = p.info();
        CounterBook book = p.counters();
        int lid = k.isSwitch() ? k.lid() : pi == null ? 0 : pi.lid();
        return new PortSnapshot(k.guid(), p.number(), p.portGuid(), k.description(), k.type().display(), lid,
                pi == null ? -1 : pi.portState(), pi == null ? -1 : pi.physicalState(),
                pi == null ? -1 : pi.linkWidthActive(), pi == null ? -1 : pi.linkWidthEnabled(),
                pi == null ? -1 : pi.linkWidthSupported(), pi == null ? -1 : pi.linkSpeedActive(),
                pi == null ? -1 : pi.linkSpeedEnabled(), pi == null ? -1 : pi.linkSpeedSupported(),
                pi == null ? -1 : pi.linkSpeedExtActive(), pi == null ? -1 : pi.linkSpeedExtEnabled(),
                pi == null ? -1 : pi.linkSpeedExtSupported(), speed(k, p), p.findings().degraded(),
                p.findings().degradedRemark(), p.findings().verdict(), p.findings().reasons(),
                book.totals(), book.deltas(), p.findings().saturated(),
                book.resets(), p.countersProblem(), p.remoteGuid(), p.remotePort(), p.infoAt(), p.countersAt(),
                k.answeredLastSweep(), sweptBy);
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
