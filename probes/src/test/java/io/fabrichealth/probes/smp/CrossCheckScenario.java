package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.mad.LinkSpeed;
import io.fabrichealth.probes.mad.LinkWidth;
import io.fabrichealth.probes.mad.PhysState;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.health.IbaCounter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * In the child JVM: what the sweep finds equals what infiniband-diags print on the same simulator. Nodes and links
 * equal ibnetdiscover's, NodeInfo and PortInfo fields smpquery's, counters perfquery's, and the degraded ports
 * exactly those iblinkinfo marks "Could be". Args: a port whose error counters get distinct values first
 * ("Node"[p]).
 */
public final class CrossCheckScenario {
    private static final List<IbaCounter> ERRORS = List.of(IbaCounter.SYMBOL_ERROR_COUNTER,
            IbaCounter.LINK_ERROR_RECOVERY_COUNTER, IbaCounter.LINK_DOWNED_COUNTER, IbaCounter.PORT_RCV_ERRORS,
            IbaCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS, IbaCounter.PORT_RCV_SWITCH_RELAY_ERRORS,
            IbaCounter.PORT_XMIT_DISCARDS, IbaCounter.PORT_XMIT_CONSTRAINT_ERRORS,
            IbaCounter.PORT_RCV_CONSTRAINT_ERRORS, IbaCounter.LOCAL_LINK_INTEGRITY_ERRORS,
            IbaCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS, IbaCounter.VL15_DROPPED, IbaCounter.PORT_XMIT_WAIT);
    private static final List<IbaCounter> DATA = List.of(IbaCounter.PORT_XMIT_DATA, IbaCounter.PORT_RCV_DATA,
            IbaCounter.PORT_XMIT_PKTS, IbaCounter.PORT_RCV_PKTS);

    public static void main(String[] args) throws Exception {
        String setPort = args[0];
        String[] kv = {"SymbolErrorCounter=1234", "PortRcvErrors=2345", "PortXmitDiscards=5678",
            "PortRcvConstraintErrors=78", "LocalLinkIntegrityErrors=9", "VL15Dropped=1112", "PortXmitWait=131415"};
        for (String v : kv) {
            Sim.console("PerformanceSet " + setPort + " PortCounters." + v);
        }
        try (SmpSweepProbe probe = Sweeps.probe(SmpConfig.DEFAULTS, new Sweeps.Recorded())) {
            SmpSnapshot first = Sweeps.sweep(probe);
            System.out.println("firstSweepMillis=" + first.sweepDurationMillis());

            long t0 = System.nanoTime();
            String ibnet = Sim.tool("ibnetdiscover");
            System.out.println("ibnetdiscoverMillis=" + (System.nanoTime() - t0) / 1_000_000);
            Map<String, Map<String, String>> before = perfquery(first);
            SmpSnapshot s = Sweeps.sweep(probe);
            Map<String, Map<String, String>> after = perfquery(s);
            System.out.println("sweepMillis=" + s.sweepDurationMillis());
            System.out.println("nodes=" + s.nodesSeen());
            System.out.println("ports=" + s.portsSeen());
            System.out.println("madsSent=" + s.engine().sent());

            nodesAndLinksEqualIbnetdiscover(s, ibnet);
            nodeInfoEqualsSmpquery(s);
            portInfoEqualsSmpquery(s);
            countersEqualPerfquery(s, before, after);
            degradedPortsAreIblinkinfos(s);
        }
        System.out.println("crossCheck=ok");
    }

    private static void nodesAndLinksEqualIbnetdiscover(SmpSnapshot s, String ibnet) {
        Map<String, String> ours = new HashMap<>();
        s.nodes().forEach(n -> ours.put(n.subject(), n.nodeType() + " " + n.numPorts() + " \"" + n.description() + "\""));
        assertThat(ours).as("nodes vs ibnetdiscover").isEqualTo(DiagText.ibnetNodes(ibnet));
        Set<String> links = new HashSet<>();
        s.ports().stream().filter(p -> p.remoteGuid() != 0).forEach(p -> links.add(
                p.subject() + " -> " + String.format("0x%016x/%d", p.remoteGuid(), p.remotePort())));
        assertThat(links).as("links vs ibnetdiscover").isEqualTo(DiagText.ibnetLinks(ibnet)).isNotEmpty();
        System.out.println("links=" + links.size() / 2);
    }

    private static void nodeInfoEqualsSmpquery(SmpSnapshot s) throws Exception {
        for (NodeSnapshot n : s.nodes()) {
            Map<String, String> f = DiagText.fields(Sim.tool("smpquery", "nodeinfo", Integer.toString(n.lid())));
            assertThat(f).as("smpquery nodeinfo %s", n.description())
                    .containsEntry("Guid", String.format("0x%016x", n.guid()))
                    .containsEntry("NodeType", n.nodeType())
                    .containsEntry("NumPorts", Integer.toString(n.numPorts()))
                    .containsEntry("SystemGuid", String.format("0x%016x", n.systemImageGuid()))
                    .containsEntry("PortGuid", String.format("0x%016x", n.portGuid()))
                    .containsEntry("DevId", String.format("0x%04x", n.deviceId()))
                    .containsEntry("VendorId", String.format("0x%06x", n.vendorId()));
        }
    }

    private static void portInfoEqualsSmpquery(SmpSnapshot s) throws Exception {
        for (PortSnapshot p : s.ports()) {
            Map<String, String> f = DiagText.fields(Sim.tool("smpquery", "portinfo", Integer.toString(p.lid()),
                    Integer.toString(p.port())));
            assertThat(f).as("smpquery portinfo %s[%d]", p.nodeDescription(), p.port())
                    .containsEntry("LinkState", PortState.display(p.portState()))
                    .containsEntry("PhysLinkState", PhysState.display(p.physState()))
                    .containsEntry("LinkWidthActive", LinkWidth.display(p.linkWidthActive()))
                    .containsEntry("LinkWidthEnabled", LinkWidth.displayMask(p.linkWidthEnabled()))
                    .containsEntry("LinkWidthSupported", LinkWidth.displaySupportedMask(p.linkWidthSupported()))
                    .containsEntry("LinkSpeedActive", LinkSpeed.displayActive(p.linkSpeedActive()))
                    .containsEntry("LinkSpeedEnabled", LinkSpeed.displayMask(p.linkSpeedEnabled()))
                    .containsEntry("LinkSpeedSupported", LinkSpeed.displayMask(p.linkSpeedSupported()))
                    .containsEntry("LinkSpeedExtActive", LinkSpeed.displayExtActive(p.linkSpeedExtActive()));
            if (p.nodeType().equals("Channel Adapter")) {
                assertThat(f).containsEntry("Lid", Integer.toString(p.lid()));
            }
        }
    }

    /** perfquery and perfquery -x of every port whose counters the sweep read, keyed by subject. */
    private static Map<String, Map<String, String>> perfquery(SmpSnapshot s) throws Exception {
        Map<String, Map<String, String>> out = new TreeMap<>();
        for (PortSnapshot p : s.ports()) {
            if (p.counters().isEmpty()) {
                continue;
            }
            Map<String, String> f = new HashMap<>(DiagText.fields(Sim.tool("perfquery", Integer.toString(p.lid()),
                    Integer.toString(p.port()))));
            DiagText.fields(Sim.tool("perfquery", "-x", Integer.toString(p.lid()), Integer.toString(p.port())))
                    .forEach((k, v) -> f.put("x." + k, v));
            out.put(p.subject(), f);
        }
        return out;
    }

    private static void countersEqualPerfquery(SmpSnapshot s, Map<String, Map<String, String>> before,
            Map<String, Map<String, String>> after) {
        int ports = 0;
        boolean sawSetValue = false;
        for (PortSnapshot p : s.ports()) {
            if (p.counters().isEmpty()) {
                continue;
            }
            ports++;
            Map<String, String> b = before.get(p.subject());
            Map<String, String> a = after.get(p.subject());
            assertThat(b).as("perfquery before, %s", p.subject()).isNotNull();
            for (IbaCounter c : ERRORS) {
                String ours = Long.toUnsignedString(p.counters().get(c));
                assertThat(ours).as("%s %s vs perfquery", p.subject(), c.ibaName()).isEqualTo(b.get(c.ibaName()))
                        .isEqualTo(a.get(c.ibaName()));
                sawSetValue |= c == IbaCounter.SYMBOL_ERROR_COUNTER && ours.equals("1234");
            }
            for (IbaCounter c : DATA) {
                long ours = p.counters().get(c);
                // MADs are traffic too: the data counters move between the two perfquery runs around our read.
                assertThat(ours).as("%s %s between perfquery -x before and after", p.subject(), c.ibaName())
                        .isBetween(Long.parseLong(b.get("x." + c.ibaName())), Long.parseLong(a.get("x." + c.ibaName())));
            }
        }
        assertThat(sawSetValue).as("the PerformanceSet values were read").isTrue();
        System.out.println("portsWithCounters=" + ports);
    }

    private static void degradedPortsAreIblinkinfos(SmpSnapshot s) throws Exception {
        Map<String, String> nodeOfPortGuid = new HashMap<>();
        s.ports().forEach(p -> nodeOfPortGuid.put(String.format("0x%016x", p.portGuid()),
                String.format("0x%016x", p.nodeGuid())));
        Map<String, String> theirs = DiagText.iblinkinfoRemarks(Sim.tool("iblinkinfo"), nodeOfPortGuid);
        Map<String, String> ours = new HashMap<>();
        s.ports().stream().filter(PortSnapshot::degraded).forEach(p -> ours.put(p.subject(), p.degradedRemark()));
        assertThat(ours).as("degraded ports vs iblinkinfo's \"Could be\"").isEqualTo(theirs);
        System.out.println("degradedPorts=" + ours.size());
    }
}
