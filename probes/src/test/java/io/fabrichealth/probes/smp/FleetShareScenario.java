package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.smp.engine.UmadTransport;
import io.fabrichealth.probes.smp.health.IbaCounter;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * In the child JVM, on the bundled fabric (the agent at node01): the SMP sweep sharing the fabric through a
 * {@link SweepShare} that owns leaf-b, node02 and node03 only.
 * <ul>
 *   <li>alone and walking at every sweep, every node is swept and named by the agent (the reference load per node;
 *       a single agent's steady-state sweeps, which send no NodeInfo, are lighter still);</li>
 *   <li>a discovery walks everything, publishes every node with LID and cables, but shows and reads PMA of its own;
 *   <li>a member that never discovers sweeps its own nodes by LID from the published list: MadsSent is 0 for the
 *       others (1, a NodeInfo, for its own HCA), never more per node than alone, counters equal perfquery's;</li>
 *   <li>a node claimed elsewhere is skipped and noted; when the other member dies, its nodes are swept next time.</li>
 * </ul>
 */
public final class FleetShareScenario {

    public static void main(String[] args) throws Exception {
        Sim.console("PerformanceSet \"leaf-b\"[1] PortCounters.SymbolErrorCounter=4321");
        Map<String, Long> guid = new HashMap<>();
        Map<Long, Long> alonePerSweep = new HashMap<>();
        try (SmpSweepProbe alone = probe(SweepShare.walkingAlone("solo"))) {
            SmpSnapshot first = Sweeps.sweep(alone);
            SmpSnapshot s = Sweeps.sweep(alone);
            assertThat(s.mode()).isEqualTo("discovery");
            assertThat(s.nodes()).hasSize(6).allSatisfy(n -> {
                assertThat(n.sweptBy()).isEqualTo("solo");
                assertThat(n.madsSent()).isPositive().isEqualTo(s.madsSentByNode().get(n.guid()));
            });
            assertThat(s.ports()).allSatisfy(p -> assertThat(p.sweptBy()).isEqualTo("solo"));
            s.nodes().forEach(n -> guid.put(n.description(), n.guid()));
            s.madsSentByNode().forEach((g, n) -> alonePerSweep.put(g, n - first.madsSentByNode().get(g)));
            System.out.println("alonePerSweep=" + byName(alonePerSweep, guid));
        }
        Set<Long> owned = Set.of(guid.get("leaf-b"), guid.get("node02"), guid.get("node03"));

        HalfShare discoverer = new HalfShare("agent-b", owned, true);
        try (SmpSweepProbe b = probe(discoverer)) {
            SmpSnapshot s = Sweeps.sweep(b);
            assertThat(s.mode()).isEqualTo("discovery");
            // The walk reaches every node anyway, so it reads every node's PMA too, as one agent alone would; the
            // owners then skip those nodes once (freshElsewhere), and only owners judge and alarm.
            assertThat(s.nodes()).extracting(NodeSnapshot::description)
                    .containsExactlyInAnyOrder("leaf-a", "leaf-b", "node01", "node02", "node03", "node04");
            assertThat(Sweeps.port(s, "leaf-b", 1).counters()).isNotEmpty();
            assertThat(discoverer.published).hasSize(6).allSatisfy(n -> {
                assertThat(n.lid()).isPositive();
                assertThat(n.discoveredBy()).isEqualTo("agent-b");
            });
            FabricNode leafA = discoverer.published.stream().filter(n -> n.description().equals("leaf-a")).findFirst()
                    .orElseThrow();
            assertThat(leafA.links()).extracting(l -> l.port() + "->" + name(l.remoteGuid(), guid) + "/" + l.remotePort())
                    .containsExactlyInAnyOrder("1->node01/1", "2->node02/1", "7->leaf-b/7", "8->leaf-b/8");
            assertThat(leafA.links()).allSatisfy(l -> assertThat(l.linkWidthSupported()).isPositive());
            assertThat(discoverer.published.stream().filter(FabricNode::local).map(FabricNode::description))
                    .containsExactly("node01");
            assertThat(discoverer.sweptNodes).isEqualTo(s.nodes());
            assertThat(discoverer.sweptPorts).isEqualTo(s.ports());
            assertThat(discoverer.heldHere).as("claims released after the sweep").isEmpty();
        }
        // The published list goes through the grid's JSON on its way to the other member.
        List<FabricNode> published = SmpJson.decodeNodes(SmpJson.encodeNodes(discoverer.published));

        HalfShare member = new HalfShare("agent-c", owned, false);
        member.published = published;
        try (SmpSweepProbe c = probe(member)) {
            SmpSnapshot warm = Sweeps.sweep(c); // the first also reads each LID's PMA ClassPortInfo, as alone
            SmpSnapshot s = Sweeps.sweep(c);
            assertThat(s.mode()).isEqualTo("owned");
            assertThat(s.nodes()).extracting(NodeSnapshot::description)
                    .containsExactlyInAnyOrder("leaf-b", "node02", "node03");
            assertThat(Sweeps.node(s, "leaf-b").route()).startsWith("LID ");
            assertThat(s.nodes()).allSatisfy(n -> assertThat(n.sweptBy()).isEqualTo("agent-c"));
            Map<Long, Long> mads = s.madsSentByNode();
            Map<Long, Long> perSweep = new HashMap<>();
            mads.forEach((g, n) -> perSweep.put(g, n - warm.madsSentByNode().getOrDefault(g, 0L)));
            System.out.println("ownedPerSweep=" + byName(perSweep, guid));
            assertThat(mads).as("MADs per node after two sweeps by LID").doesNotContainKeys(guid.get("leaf-a"),
                    guid.get("node04")).containsEntry(guid.get("node01"), 2L);
            for (long g : owned) {
                assertThat(perSweep.get(g)).as("MADs to %s in one sweep", name(g, guid)).isPositive()
                        .isLessThanOrEqualTo(alonePerSweep.get(g));
            }
            assertThat(s.engine().maxInFlightPerDestination()).isLessThanOrEqualTo(2);
            // node04's end is another member's, never read here: its Supported masks come with the node list.
            assertThat(Sweeps.port(s, "leaf-b", 2).degradedRemark()).as("the 1x link to node04")
                    .isEqualTo("Could be 12X");
            assertThat(Sweeps.port(s, "leaf-b", 1).degraded()).isFalse();
            PortSnapshot p = Sweeps.port(s, "leaf-b", 1);
            Map<String, String> pq = DiagText.fields(Sim.tool("perfquery", Integer.toString(p.lid()), "1"));
            assertThat(Long.toString(p.counters().get(IbaCounter.SYMBOL_ERROR_COUNTER))).isEqualTo("4321")
                    .isEqualTo(pq.get("SymbolErrorCounter"));
            assertThat(Long.toString(p.counters().get(IbaCounter.PORT_RCV_ERRORS))).isEqualTo(pq.get("PortRcvErrors"));

            // Another member still holds node03's claim: skipped, noted, nothing sent to it.
            long node03 = guid.get("node03");
            member.heldElsewhere.add(node03);
            SmpSnapshot skipped = Sweeps.sweep(c);
            assertThat(skipped.nodes()).extracting(NodeSnapshot::description).containsExactlyInAnyOrder("leaf-b", "node02");
            assertThat(skipped.madsSentByNode().get(node03)).isEqualTo(mads.get(node03));
            assertThat(skipped.notes()).anyMatch(n -> n.contains("claimed by another agent")
                    && n.contains(String.format("0x%016x", node03)));
            member.heldElsewhere.clear();
            assertThat(Sweeps.sweep(c).nodes()).hasSize(3);

            // The other member died: its nodes are this one's now, swept at the next sweep.
            member.owned = guid.values().stream().collect(Collectors.toSet());
            SmpSnapshot all = Sweeps.sweep(c);
            assertThat(all.nodes()).hasSize(6).allSatisfy(n -> assertThat(n.answering()).isTrue());
            assertThat(all.ports()).allSatisfy(port -> assertThat(port.lastSweep()).isEqualTo(all.lastSweepAt()));
            assertThat(member.heldHere).isEmpty();
            assertThat(member.problems).isEmpty();
            assertThat(all.engine().maxInFlightPerDestination()).isLessThanOrEqualTo(2);
        }
        System.out.println("fleetShare=ok");
    }

    private static SmpSweepProbe probe(SweepShare share) {
        return new SmpSweepProbe(() -> UmadTransport.open(null, 0), SmpConfig.DEFAULTS, new Sweeps.Recorded(),
                Clock.systemUTC(), share);
    }

    private static String name(long g, Map<String, Long> guid) {
        return guid.entrySet().stream().filter(e -> e.getValue() == g).map(Map.Entry::getKey).findFirst()
                .orElse(Long.toHexString(g));
    }

    private static String byName(Map<Long, Long> mads, Map<String, Long> guid) {
        return new java.util.TreeMap<>(mads.entrySet().stream()
                .collect(Collectors.toMap(e -> name(e.getKey(), guid), Map.Entry::getValue))).toString()
                .replace(" ", "");
    }
}
