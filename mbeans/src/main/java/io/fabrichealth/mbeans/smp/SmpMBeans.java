package io.fabrichealth.mbeans.smp;

import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SmpSnapshot;
import io.fabrichealth.probes.smp.health.Congestion;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import io.fabrichealth.probes.smp.SweepShare;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.management.ObjectName;

/**
 * Publishes the SMP sweep: the SmpProbe MBean at once, and after every sweep a Port MBean per port and a Node MBean
 * per node, registered the first time they are seen and updated in place after that. Nodes that stop answering
 * keep their MBeans (Answering false).
 *
 * <p>In a fleet the view is the whole fabric: this agent's own snapshots plus what the other members swept last
 * ({@link SweepShare#othersNodes()}), each with SweptBy; this agent's own record wins where both have a node. A node
 * or port whose last record came from another member and that no member reports any more is unregistered; one this
 * agent swept stays (stale, with its SweptBy) until another member's record replaces it, so a node moving to a new
 * owner never blinks out. The view is refreshed after every sweep and on {@link #refresh()}, for a fleet that learns
 * of new records between sweeps. Alone, nothing ever disappears, as in wave 1.
 *
 * <pre>{@code
 * SmpMBeans beans = SmpMBeans.attach(smpProbe, registry);   // at deploy
 * beans.close();                                           // at undeploy, before registry.close()
 * }</pre>
 */
public final class SmpMBeans implements AutoCloseable {
    private final MBeanRegistry registry;
    private final SmpSweepProbe probe;
    private final Map<PortKey, Shown<Port>> ports = new HashMap<>();
    private final Map<Long, Shown<Node>> nodes = new HashMap<>();
    private final Consumer<SmpSnapshot> listener = this::publish;
    private final Congestion congestion = new Congestion();

    /** A registered bean and whether its last record was this agent's own. */
    private record Shown<B>(B bean, ObjectName name, boolean own) {
    }

    private SmpMBeans(MBeanRegistry registry, SmpSweepProbe probe) {
        this.registry = registry;
        this.probe = probe;
    }

    public static SmpMBeans attach(SmpSweepProbe probe, MBeanRegistry registry) {
        SmpMBeans beans = new SmpMBeans(registry, probe);
        registry.register(ObjectNames.parse(SmpProbeMXBean.OBJECT_NAME), new SmpProbeView(probe, beans.congestion),
                SmpProbeMXBean.class);
        beans.publish(probe.snapshot());
        probe.addListener(beans.listener);
        return beans;
    }

    /** {@code fabric.health:type=Port,guid=0x<node GUID>,port=<n>} */
    public static ObjectName portName(long nodeGuid, int port) {
        return ObjectNames.of("Port", "guid", SmpText.guid(nodeGuid), "port", Integer.toString(port));
    }

    /** {@code fabric.health:type=Node,guid=0x<node GUID>} */
    public static ObjectName nodeName(long nodeGuid) {
        return ObjectNames.of("Node", "guid", SmpText.guid(nodeGuid));
    }

    /** Rebuilds the view from the probe's last snapshot and the fleet's latest records. */
    public void refresh() {
        publish(probe.snapshot());
    }

    private synchronized void publish(SmpSnapshot s) {
        SweepShare share = probe.share();
        Map<Long, NodeSnapshot> nodesNow = new LinkedHashMap<>();
        share.othersNodes().forEach(n -> nodesNow.put(n.guid(), n));
        Map<PortKey, PortSnapshot> portsNow = new LinkedHashMap<>();
        share.othersPorts().forEach(p -> portsNow.put(PortKey.of(p), p));
        // Own records last: they win over another member's older record of the same node.
        s.nodes().forEach(n -> nodesNow.put(n.guid(), n));
        s.ports().forEach(p -> portsNow.put(PortKey.of(p), p));
        Set<Long> ownNodes = s.nodes().stream().map(NodeSnapshot::guid).collect(Collectors.toSet());
        Set<PortKey> ownPorts = s.ports().stream().map(PortKey::of).collect(Collectors.toSet());

        nodes.entrySet().removeIf(e -> !nodesNow.containsKey(e.getKey()) && !keep(e.getValue()));
        for (NodeSnapshot n : nodesNow.values()) {
            long mads = s.madsSentByNode().getOrDefault(n.guid(), 0L);
            boolean own = ownNodes.contains(n.guid());
            Shown<Node> shown = nodes.get(n.guid());
            if (shown != null) {
                shown.bean().update(n, mads);
                nodes.put(n.guid(), new Shown<>(shown.bean(), shown.name(), own));
            } else {
                Node bean = new Node(n, mads);
                ObjectName name = nodeName(n.guid());
                registry.register(name, bean, NodeMXBean.class);
                nodes.put(n.guid(), new Shown<>(bean, name, own));
            }
        }
        congestion.add(portsNow.values());
        ports.entrySet().removeIf(e -> !portsNow.containsKey(e.getKey()) && !keep(e.getValue()));
        for (Map.Entry<PortKey, PortSnapshot> e : portsNow.entrySet()) {
            PortKey key = e.getKey();
            PortSnapshot p = e.getValue();
            boolean own = ownPorts.contains(key);
            Shown<Port> shown = ports.get(key);
            if (shown != null) {
                shown.bean().update(p);
                ports.put(key, new Shown<>(shown.bean(), shown.name(), own));
            } else {
                Port bean = new Port(p);
                ObjectName name = portName(p.nodeGuid(), p.port());
                registry.register(name, bean, PortMXBean.class);
                ports.put(key, new Shown<>(bean, name, own));
            }
        }
    }

    /** A bean no member reports any more: this agent's own record stays; another member's goes. */
    private boolean keep(Shown<?> shown) {
        if (shown.own()) {
            return true;
        }
        registry.unregister(shown.name());
        return false;
    }

    /** Stops following the probe. */
    @Override
    public void close() {
        probe.removeListener(listener);
    }
}
