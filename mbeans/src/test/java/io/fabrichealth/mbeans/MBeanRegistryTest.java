package io.fabrichealth.mbeans;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class MBeanRegistryTest {
    public interface ThingMXBean {
        long getCount();
    }

    public static final class Thing implements ThingMXBean {
        @Override
        public long getCount() {
            return 7;
        }
    }

    @Test
    void closingUnregistersEveryNameItRegistered() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        MBeanRegistry registry = new MBeanRegistry(server);
        ObjectName a = ObjectNames.of("Thing", "name", "a");
        ObjectName b = ObjectNames.of("Thing", "name", "b");
        registry.register(a, new Thing(), ThingMXBean.class);
        registry.register(b, new Thing(), ThingMXBean.class);
        assertThat(server.getAttribute(a, "Count")).isEqualTo(7L);
        registry.close();
        assertThat(server.isRegistered(a)).isFalse();
        assertThat(server.isRegistered(b)).isFalse();
    }

    @Test
    void aFailedUnregisterIsReportedAndTheOthersAreStillRemoved() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        MBeanRegistry registry = new MBeanRegistry(server);
        ObjectName a = ObjectNames.of("Thing", "name", "a");
        ObjectName b = ObjectNames.of("Thing", "name", "b");
        registry.register(a, new Thing(), ThingMXBean.class);
        registry.register(b, new Thing(), ThingMXBean.class);
        // Someone else removed a and registered a bean that refuses to go under its name.
        server.unregisterMBean(a);
        server.registerMBean(new Stubborn(), a);
        assertThatThrownBy(registry::close).hasMessageContaining("could not unregister 1 MBean").hasMessageContaining(a.toString());
        assertThat(server.isRegistered(b)).isFalse();
    }

    public interface StubbornMBean {
    }

    public static final class Stubborn implements StubbornMBean, javax.management.MBeanRegistration {
        @Override
        public ObjectName preRegister(MBeanServer s, ObjectName n) {
            return n;
        }

        @Override
        public void postRegister(Boolean done) {
        }

        @Override
        public void preDeregister() throws Exception {
            throw new IllegalStateException("busy");
        }

        @Override
        public void postDeregister() {
        }
    }

    @Test
    void aLeftoverFromACrashedDeployIsReplaced() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = ObjectNames.of("Thing", "name", "leftover");
        server.registerMBean(new Thing(), name);
        try (MBeanRegistry registry = new MBeanRegistry(server)) {
            registry.register(name, new Thing(), ThingMXBean.class);
            assertThat(registry.names()).containsExactly(name);
        }
        assertThat(server.isRegistered(name)).isFalse();
    }
}
