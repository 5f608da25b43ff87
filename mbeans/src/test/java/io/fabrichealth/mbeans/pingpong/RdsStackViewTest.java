package io.fabrichealth.mbeans.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.pingpong.rds.RdsStack;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;

/**
 * The RdsStack MBean on this host: where the kernel has no RDS (these build machines), it is registered only when
 * RDS ping-pongs are configured, and then says why it has nothing to show; where it has RDS (the guest tests), it
 * shows the kernel's counters.
 */
class RdsStackViewTest {
    private static final ObjectName NAME = ObjectNames.parse(RdsStackMXBean.OBJECT_NAME);

    @Test
    void withoutRdsItIsThereOnlyWhenAskedForAndSaysWhy() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        String why = RdsStack.unavailability();
        try (MBeanRegistry registry = new MBeanRegistry(server)) {
            RdsStackView notAsked = RdsStackView.register(registry, false);
            assertThat(server.isRegistered(NAME)).isEqualTo(why == null);
            assertThat(notAsked == null).isEqualTo(why != null);

            RdsStackView.register(registry, true);

            assertThat(server.getAttribute(NAME, "Available")).isEqualTo(why == null);
            if (why != null) {
                assertThat((String) server.getAttribute(NAME, "Unavailability")).isEqualTo(why).contains("modprobe");
                assertThat(server.getAttribute(NAME, "Counters")).isNull();
                assertThat(server.getAttribute(NAME, "FlowControl")).isEqualTo(-1);
                assertThat(server.getAttribute(NAME, "CounterProblem")).isEqualTo(why);
                assertThat(server.getAttribute(NAME, "ReadAt")).isEqualTo("");
            } else {
                assertThat(((CompositeData) server.getAttribute(NAME, "Counters")).getCompositeType().keySet())
                        .contains("conn_reset");
                assertThat((String) server.getAttribute(NAME, "ReadAt")).isNotEmpty();
            }
        }
    }
}
