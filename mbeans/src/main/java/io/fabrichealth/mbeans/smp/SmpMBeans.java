package io.fabrichealth.mbeans.smp;

import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SmpSnapshot;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.management.ObjectName;

/**
 * Publishes the SMP sweep: the SmpProbe MBean at once, and after every sweep a Port MBean per port and a Node MBean
 * per node, registered the first time they are seen and updated in place after that. Nodes that stop answering
 * keep their MBeans (Answering false). Unregistration is the registry's, on undeploy.
 *
 * <pre>{@code
 * SmpMBeans beans = SmpMBeans.attach(smpProbe, registry);   // at deploy
 * beans.close();                                           // at undeploy, before registry.close()
 * }</pre>
 */
public final class SmpMBeans implements AutoCloseable {
    private final MBeanRegistry registry;
    private final SmpSweepProbe probe;
    private final Map<String, Port> ports = new ConcurrentHashMap<>();
    private final Map<Long, Node> nodes = new ConcurrentHashMap<>();
    private final Consumer<SmpSnapshot> listener = this::publish;

    private SmpMBeans(MBeanRegistry registry, SmpSweepProbe probe) {
        this.registry = registry;
        this.probe = probe;
    }

    public static SmpMBeans attach(SmpSweepProbe probe, MBeanRegistry registry) {
        SmpMBeans beans = new SmpMBeans(registry, probe);
        registry.register(ObjectNames.parse(SmpProbeMXBean.OBJECT_NAME), new SmpProbeView(probe), SmpProbeMXBean.class);
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

    private void publish(SmpSnapshot s) {
        for (NodeSnapshot n : s.nodes()) {
            Node existing = nodes.get(n.guid());
            if (existing != null) {
                existing.update(n);
            } else {
                Node bean = new Node(n);
                registry.register(nodeName(n.guid()), bean, NodeMXBean.class);
                nodes.put(n.guid(), bean);
            }
        }
        for (PortSnapshot p : s.ports()) {
            Port existing = ports.get(p.subject());
            if (existing != null) {
                existing.update(p);
            } else {
                Port bean = new Port(p);
                registry.register(portName(p.nodeGuid(), p.port()), bean, PortMXBean.class);
                ports.put(p.subject(), bean);
            }
        }
    }

    /** Stops following the probe. */
    @Override
    public void close() {
        probe.removeListener(listener);
    }
}
