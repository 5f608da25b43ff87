package io.fabrichealth.mbeans.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A poller's read of a Port MBean (one getAttributes call, as Jolokia and jmx_exporter make it) while sweeps publish
 * new snapshots as fast as they can: every answer is one sweep's port, never a mix of two. The MBean server is the
 * JDK's own; the two snapshots are two sweeps' records of one port, differing in every attribute read.
 */
@Timeout(60)
class PortReadDuringSweepTest {
    private static final long GUID = 0x0002c90300000101L;
    private static final String[] READ = {"LastSweep", "Health", "CounterDeltas", "HealthReasons", "CountersReadAt",
        "PortState", "SymbolErrorCounter"};

    @Test
    void aReadWhileSweepsPublishSeesOneSweepsPortWhole() throws Exception {
        PortSnapshot first = sweep(Instant.parse("2026-01-01T00:00:00Z"), Verdict.OK, 4, 0, List.of());
        PortSnapshot second = sweep(Instant.parse("2026-01-01T00:00:30Z"), Verdict.WARN, 1, 7,
                List.of("ErrorThreshold: SymbolErrorCounter +7 over the interval"));
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        ObjectName name = SmpMBeans.portName(GUID, 1);
        Port port = new Port(first);
        AtomicBoolean sweeping = new AtomicBoolean(true);
        Thread sweeper = new Thread(() -> {
            while (sweeping.get()) {
                port.update(second);
                port.update(first);
            }
        }, "sweeper");
        try (MBeanRegistry registry = new MBeanRegistry(server)) {
            registry.register(name, port, PortMXBean.class);
            sweeper.start();
            int firsts = 0;
            int seconds = 0;
            List<String> mixes = new ArrayList<>();
            // Until both sweeps have been seen many times over: the race is then run, however fast the machine.
            while (firsts < 2000 || seconds < 2000) {
                AttributeList answer = server.getAttributes(name, READ);
                String seen = shown(answer);
                if (seen.equals(expected(first))) {
                    firsts++;
                } else if (seen.equals(expected(second))) {
                    seconds++;
                } else if (mixes.size() < 5) {
                    mixes.add(seen);
                }
            }
            assertThat(mixes).as("answers mixing two sweeps, against %s and %s", expected(first), expected(second))
                    .isEmpty();
        } finally {
            sweeping.set(false);
            sweeper.join();
        }
    }

    @Test
    void aReadOfManyAttributesAnswersWhatEachGetterAnswers() throws Exception {
        // getAttributes calls the getters through method handles; getAttribute still goes through StandardMBean.
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        ObjectName name = SmpMBeans.portName(GUID, 1);
        try (MBeanRegistry registry = new MBeanRegistry(server)) {
            registry.register(name, new Port(sweep(Instant.parse("2026-01-01T00:00:30Z"), Verdict.WARN, 1, 7,
                    List.of("ErrorThreshold: SymbolErrorCounter +7 over the interval"))), PortMXBean.class);
            List<String> asked = new ArrayList<>();
            for (MBeanAttributeInfo a : server.getMBeanInfo(name).getAttributes()) {
                asked.add(a.getName());
            }
            assertThat(asked).hasSizeGreaterThan(30);
            asked.add(2, "Nothing");
            List<Attribute> answer = server.getAttributes(name, asked.toArray(String[]::new)).asList();
            asked.remove("Nothing");
            assertThat(answer).extracting(Attribute::getName).containsExactlyElementsOf(asked);
            for (Attribute a : answer) {
                assertThat(a.getValue()).as(a.getName()).isEqualTo(server.getAttribute(name, a.getName()));
            }
        }
    }

    /** One sweep's record of port 1 of a switch; the sweep at {@code at} read its counters 5 ms later. */
    private static PortSnapshot sweep(Instant at, Verdict health, int portState, long symbolDelta,
            List<String> reasons) {
        Map<IbaCounter, Long> totals = Map.of(IbaCounter.SYMBOL_ERROR_COUNTER, 100 + symbolDelta,
                IbaCounter.PORT_XMIT_DATA, 5000L);
        Map<IbaCounter, Long> deltas = Map.of(IbaCounter.SYMBOL_ERROR_COUNTER, symbolDelta,
                IbaCounter.PORT_XMIT_DATA, 250L);
        return new PortSnapshot(GUID, 1, 0x0002c90300000101L, "leaf1", "Switch", 7, portState, 5, 2, 3, 3, 1, 1, 1, 0,
                0, 0, "2.5 Gbps", false, "", health, reasons, totals, deltas, List.of(), 0, "", 0x0002c90300000202L, 1,
                at, at.plusMillis(5), true, "");
    }

    /** What the MBean should answer for {@code s}, in the order {@link #READ} asks. */
    private static String expected(PortSnapshot s) {
        return String.join(" | ", s.lastSweep().toString(), s.health().name(),
                Long.toString(s.deltas().get(IbaCounter.SYMBOL_ERROR_COUNTER)), String.join(";", s.reasons()),
                s.countersAt().toString(), s.portState() == 4 ? "Active" : "Down",
                Long.toString(s.counters().get(IbaCounter.SYMBOL_ERROR_COUNTER)));
    }

    private static String shown(AttributeList answer) {
        List<String> out = new ArrayList<>();
        for (Attribute a : answer.asList()) {
            Object v = a.getValue();
            if (v instanceof CompositeData c) {
                out.add(String.valueOf(c.get(IbaCounter.SYMBOL_ERROR_COUNTER.ibaName())));
            } else if (v instanceof String[] list) {
                out.add(String.join(";", list));
            } else {
                out.add(String.valueOf(v));
            }
        }
        return String.join(" | ", out);
    }
}
