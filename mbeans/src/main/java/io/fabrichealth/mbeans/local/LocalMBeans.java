package io.fabrichealth.mbeans.local;

import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.local.LocalPortView;
import io.fabrichealth.probes.local.LocalView;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;

/**
 * Publishes the local view: a LocalPort MBean per local port, registered the first time the port is read and
 * updated in place after every read. A port that disappears keeps its MBean (Gone true, Health CRIT).
 */
public final class LocalMBeans {
    private final MBeanRegistry registry;
    private final Map<String, LocalPort> beans = new HashMap<>();

    private LocalMBeans(MBeanRegistry registry) {
        this.registry = registry;
    }

    /** Registers what the view has read so far and follows every later read. */
    public static LocalMBeans attach(LocalView view, MBeanRegistry registry) {
        LocalMBeans m = new LocalMBeans(registry);
        m.publish(view.ports());
        view.addListener(m::publish);
        return m;
    }

    /** {@code fabric.health:type=LocalPort,device=<dev>,port=<n>} */
    public static ObjectName name(String device, int port) {
        return ObjectNames.of("LocalPort", "device", device, "port", Integer.toString(port));
    }

    private synchronized void publish(List<LocalPortView> ports) {
        for (LocalPortView v : ports) {
            LocalPort bean = beans.get(v.name());
            if (bean == null) {
                bean = new LocalPort(v);
                registry.register(name(v.reading().device(), v.reading().port()), bean, LocalPortMXBean.class);
                beans.put(v.name(), bean);
            } else {
                bean.show(v);
            }
        }
    }
}
