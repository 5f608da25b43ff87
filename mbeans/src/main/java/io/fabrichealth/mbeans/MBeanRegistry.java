package io.fabrichealth.mbeans;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.DynamicMBean;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.NotCompliantMBeanException;
import javax.management.ObjectName;
import javax.management.NotificationEmitter;
import javax.management.StandardEmitterMBean;
import javax.management.StandardMBean;

/**
 * Registers the agent's MBeans and remembers every one, so that undeploy removes all of them even when one
 * removal fails (a leftover MBean would hold the old web classloader and make the next deploy fail), and so that
 * the agent's bulk reads can reach them without the MBeanServer's lookup, which builds and interns strings on
 * every call.
 */
public final class MBeanRegistry implements AutoCloseable {
    private final MBeanServer server;
    private final Map<ObjectName, Registered> registered = new ConcurrentHashMap<>();

    public MBeanRegistry(MBeanServer server) {
        this.server = server;
    }

    /**
     * Registers {@code impl} under {@code name} as a standard MBean of {@code iface}. Our interfaces are called
     * XxxMXBean by convention but are registered as plain MBeans, because their structured values are built as
     * explicit CompositeData (see {@link Composites}) and MXBean mapping would wrap those again.
     * An MBean already registered under the name (left by a crashed deploy) is replaced.
     */
    public synchronized <T> void register(ObjectName name, T impl, Class<T> iface) {
        try {
            // StandardEmitterMBean keeps the emitter's MBeanNotificationInfo, so JConsole and Jolokia list show it.
            // A bean that is its own StandardMBean (one that answers getAttributes itself) is registered as it is.
            DynamicMBean target = impl instanceof NotificationEmitter emitter
                    ? new StandardEmitterMBean(impl, iface, emitter)
                    : impl instanceof StandardMBean own ? own : new StandardMBean(impl, iface, false);
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            server.registerMBean(target, name);
            registered.put(name, new Registered(name, target));
        } catch (NotCompliantMBeanException e) {
            throw new IllegalArgumentException(impl.getClass().getName() + " does not implement " + iface.getName(), e);
        } catch (JMException e) {
            throw new IllegalStateException("cannot register " + name + ": " + e.getMessage(), e);
        }
    }

    public synchronized void unregister(ObjectName name) {
        if (registered.remove(name) != null) {
            try {
                server.unregisterMBean(name);
            } catch (JMException e) {
                throw new IllegalStateException("cannot unregister " + name + ": " + e.getMessage(), e);
            }
        }
    }

    public synchronized Set<ObjectName> names() {
        return Set.copyOf(registered.keySet());
    }

    /** The MBean registered under {@code name}, as the MBeanServer holds it; null if the agent has none there. */
    public DynamicMBean mbean(ObjectName name) {
        Registered r = registered.get(name);
        return r == null ? null : r.mbean;
    }

    /**
     * The registry's own instance of a name equal to {@code name}, or null: a reader that keeps a name per port keeps
     * this one, not a copy of its own (about 0.2 KB each, 2.3 MB at 10,000 ports).
     */
    public ObjectName registeredName(ObjectName name) {
        Registered r = registered.get(name);
        return r == null ? null : r.name;
    }

    private record Registered(ObjectName name, DynamicMBean mbean) {
    }

    /** Unregisters everything, collecting failures instead of stopping at the first. */
    @Override
    public synchronized void close() {
        List<String> failures = new ArrayList<>();
        for (ObjectName name : registered.keySet()) {
            try {
                if (server.isRegistered(name)) {
                    server.unregisterMBean(name);
                }
            } catch (JMException | RuntimeException e) {
                failures.add(name + ": " + e);
            }
        }
        registered.clear();
        if (!failures.isEmpty()) {
            throw new IllegalStateException("could not unregister " + failures.size() + " MBean(s): " + failures);
        }
    }
}
