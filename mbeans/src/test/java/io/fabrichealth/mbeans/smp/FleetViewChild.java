package io.fabrichealth.mbeans.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.mbeans.metrics.PortMetrics;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.smp.FabricNode;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SmpJson;
import io.fabrichealth.probes.smp.SmpSnapshot;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import io.fabrichealth.probes.smp.SweepShare;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * In a child JVM attached at host1 of faults.topo: two members' sweeps, one after the other (umad2sim allows one
 * SMP agent per process and time). agent-x discovers and sweeps leaf1, host2 and host4; agent-b sweeps the rest by
 * LID and shows the whole fabric in its MBeans, agent-x's part coming through the grid's JSON. Checks SweptBy,
 * MadsSent, counters against perfquery (the parent set distinct SymbolErrorCounters on leaf1[1] and leaf2[1]),
 * unregistration of what no member reports any more, and which ports /metrics exports.
 */
public final class FleetViewChild {
    private static final AlarmSink NO_ALARMS = new AlarmSink() {
        @Override
        public void observe(AlarmKind kind, String subject, boolean bad, String details) {
        }

        @Override
        public void raise(AlarmKind kind, String subject, String details) {
        }
    };

    public static void main(String[] args) throws Exception {
        List<NodeSnapshot> all;
        try (SmpSweepProbe alone = SmpSweepProbe.onUmad(null, 0, SmpConfig.DEFAULTS, NO_ALARMS)) {
            all = sweep(alone).nodes();
        }
        Set<Long> xOwns = all.stream().filter(n -> Set.of("leaf1", "host2", "host4").contains(n.description()))
                .map(NodeSnapshot::guid).collect(Collectors.toSet());
        Set<Long> bOwns = all.stream().map(NodeSnapshot::guid).filter(g -> !xOwns.contains(g))
                .collect(Collectors.toSet());

        Share x = new Share("agent-x", xOwns, true);
        SmpSnapshot xs;
        try (SmpSweepProbe probe = SmpSweepProbe.onUmad(null, 0, SmpConfig.DEFAULTS, NO_ALARMS, x)) {
            xs = sweep(probe);
        }
        SmpJson.Swept fromX = SmpJson.decodeSwept(SmpJson.encodeSwept(xs.nodes(), xs.ports()));

        Share b = new Share("agent-b", bOwns, false);
        b.published = SmpJson.decodeNodes(SmpJson.encodeNodes(x.published));
        b.others = fromX;
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try (MBeanRegistry registry = new MBeanRegistry(server);
             SmpSweepProbe probe = SmpSweepProbe.onUmad(null, 0, SmpConfig.DEFAULTS, NO_ALARMS, b);
             SmpMBeans beans = SmpMBeans.attach(probe, registry)) {
            SmpSnapshot bs = sweep(probe);
            assertThat(names(server, NodeMXBean.OBJECT_NAME)).as("Node MBeans of the whole fabric").hasSize(6);
            assertThat(names(server, "fabric.health:type=Port,*")).as("Port MBeans of the whole fabric").hasSize(2 * 8 + 4);
            for (NodeSnapshot n : all) {
                ObjectName name = SmpMBeans.nodeName(n.guid());
                String by = xOwns.contains(n.guid()) ? "agent-x" : "agent-b";
                assertThat(server.getAttribute(name, "SweptBy")).as("SweptBy of %s", n.description()).isEqualTo(by);
                assertThat(server.getAttribute(SmpMBeans.portName(n.guid(), 1), "SweptBy")).isEqualTo(by);
                long mads = (Long) server.getAttribute(name, "MadsSent");
                if (bOwns.contains(n.guid())) {
                    assertThat(mads).as("agent-b's MADs to its own %s", n.description()).isPositive();
                } else {
                    // agent-b never discovers, so it sent nothing to agent-x's nodes.
                    assertThat(mads).as("agent-b's MADs to agent-x's %s", n.description()).isZero();
                }
            }
            assertThat(bs.nodes()).hasSize(3);
            countersEqualPerfquery(server, bs, "leaf2");
            countersEqualPerfquery(server, bs, "leaf1");

            assertThat(guids(new PortMetrics(probe::snapshot, b::othersPorts, false, b::owns))).as("/metrics: own ports only")
                    .isEqualTo(new TreeSet<>(bOwns));
            assertThat(guids(new PortMetrics(probe::snapshot, b::othersPorts, true, b::owns))).as("/metrics with exportFleet")
                    .hasSize(6);

            // agent-x is gone and nobody reports its nodes yet: their MBeans go, agent-b's own stay.
            b.others = new SmpJson.Swept(List.of(), List.of());
            beans.refresh();
            assertThat(names(server, NodeMXBean.OBJECT_NAME)).hasSize(3);
            assertThat(names(server, "fabric.health:type=Port,*")).hasSize(1 + 8 + 1);
            // agent-b's nodes move away: they stay, with their last record, until another member reports them.
            b.owned = Set.of();
            sweep(probe);
            assertThat(probe.snapshot().nodes()).isEmpty();
            assertThat(names(server, NodeMXBean.OBJECT_NAME)).hasSize(3);
        }
        System.out.println("fleetView=ok");
    }

    private static SmpSnapshot sweep(SmpSweepProbe probe) {
        ProbeResult r = probe.check();
        if (r.failed()) {
            throw new AssertionError("sweep failed: " + r.summary());
        }
        return probe.snapshot();
    }

    private static Set<ObjectName> names(MBeanServer server, String pattern) {
        return server.queryNames(ObjectNames.parse(pattern), null);
    }

    private static Set<Long> guids(PortMetrics metrics) {
        Set<Long> out = new TreeSet<>();
        for (MetricSnapshot m : metrics.collect()) {
            for (DataPointSnapshot d : m.getDataPoints()) {
                String g = d.getLabels().get("guid");
                if (g != null) {
                    out.add(Long.parseUnsignedLong(g.substring(2), 16));
                }
            }
        }
        return out;
    }

    /** Port 1 of the switch, read through its Port MBean, against perfquery on the same port. */
    private static void countersEqualPerfquery(MBeanServer server, SmpSnapshot own, String switchName)
            throws Exception {
        PortSnapshot any = own.ports().get(0);
        int lid = -1;
        long guid = 0;
        for (ObjectName n : names(server, NodeMXBean.OBJECT_NAME)) {
            if (server.getAttribute(n, "NodeDescription").equals(switchName)) {
                lid = (Integer) server.getAttribute(n, "Lid");
                guid = Long.parseUnsignedLong(((String) server.getAttribute(n, "NodeGuid")).substring(2), 16);
            }
        }
        assertThat(lid).as("LID of %s (own port for reference: %s)", switchName, any.subject()).isPositive();
        String pq = tool("perfquery", Integer.toString(lid), "1");
        ObjectName port = SmpMBeans.portName(guid, 1);
        for (String counter : List.of("SymbolErrorCounter", "PortRcvErrors", "LinkDownedCounter", "PortXmitDiscards")) {
            String theirs = pq.lines().filter(l -> l.startsWith(counter + ":")).map(l -> l.replaceAll("[^0-9]", ""))
                    .findFirst().orElseThrow(() -> new AssertionError("perfquery printed no " + counter + ":\n" + pq));
            assertThat(server.getAttribute(port, counter).toString()).as("%s[1] %s via its Port MBean (SweptBy %s)",
                    switchName, counter, server.getAttribute(port, "SweptBy")).isEqualTo(theirs);
        }
        System.out.println(switchName + "SymbolErrorCounter=" + server.getAttribute(port, "SymbolErrorCounter"));
    }

    /** An infiniband-diags tool in this JVM's umad2sim environment (same ibsim, same node). */
    private static String tool(String... argv) throws IOException, InterruptedException {
        Path out = Files.createTempFile(Path.of("").toAbsolutePath(), "tool-", ".out");
        Process p = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", argv) + " did not finish");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", argv) + " exited " + p.exitValue() + ":\n" + text);
        }
        return text;
    }

    /** One member of a fleet in this JVM: owns what it is told, grants every claim, hands out fixed records. */
    static final class Share implements SweepShare {
        final String name;
        volatile Set<Long> owned;
        final boolean discover;
        volatile List<FabricNode> published = List.of();
        volatile SmpJson.Swept others = new SmpJson.Swept(List.of(), List.of());

        Share(String name, Set<Long> owned, boolean discover) {
            this.name = name;
            this.owned = owned;
            this.discover = discover;
        }

        @Override
        public String self() {
            return name;
        }

        @Override
        public boolean discoverNow(long sweep) {
            return discover;
        }

        @Override
        public void publishNodes(List<FabricNode> nodes) {
            published = nodes;
        }

        @Override
        public List<FabricNode> nodes() {
            return published;
        }

        @Override
        public boolean owns(long guid) {
            return owned.contains(guid);
        }

        @Override
        public Set<Long> claim(Collection<Long> guids, Duration ttl) {
            return Set.copyOf(guids);
        }

        @Override
        public void release(Collection<Long> guids) {
        }

        @Override
        public void publishSwept(List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
        }

        @Override
        public List<NodeSnapshot> othersNodes() {
            return others.nodes();
        }

        @Override
        public List<PortSnapshot> othersPorts() {
            return others.ports();
        }
    }
}
