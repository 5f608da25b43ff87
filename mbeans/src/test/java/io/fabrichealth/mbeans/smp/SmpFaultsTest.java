package io.fabrichealth.mbeans.smp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault tests: faults injected through ibsim's console, results read from the MBeans of an agent
 * attached at host1 (the SMP probe, its MBeans and the real alarm book, in a child JVM; see {@link AgentChild}).
 * Hysteresis is the default: PortDown raises after 1 bad sweep, the others after 2.
 */
@Timeout(120)
class SmpFaultsTest {
    @TempDir
    Path work;
    private SimFabric fabric;
    private AgentHandle agent;

    @BeforeEach
    void start() throws Exception {
        fabric = SimFabric.start("faults.topo", work);
        agent = AgentHandle.start(fabric, "host1", work);
        assertThat(agent.sweep()).startsWith("PASS");
    }

    @AfterEach
    void stop() throws Exception {
        try {
            if (agent != null) {
                String stderr = agent.stderr();
                agent.close();
                assertThat(stderr).doesNotContain("WARNING in native method");
            }
        } finally {
            if (fabric != null) {
                fabric.close();
            }
        }
    }

    @Test
    void anUnlinkedSwitchPortRaisesPortDownWithinOneSweepAndReLinkClearsIt() throws Exception {
        long leaf2 = agent.guid("leaf2");
        ObjectName port = SmpMBeans.portName(leaf2, 1);
        assertThat(port.toString()).isEqualTo("fabric.health:type=Port,guid=" + hex(leaf2) + ",port=1");
        assertThat(agent.get(port, "PortState")).isEqualTo("Active");
        assertThat(agent.get(port, "RemoteGuid")).isEqualTo(hex(agent.guid("host3")));

        fabric.consoleAndWait("Unlink \"leaf2\"[1]");
        assertThat(agent.sweep()).startsWith("PASS");
        assertThat(agent.get(port, "PortState")).isEqualTo("Down");
        assertThat(agent.get(port, "PhysState")).isEqualTo("Polling");
        assertThat(agent.get(port, "Health")).isEqualTo("CRIT");
        assertThat(agent.get(port, "HealthReasons")).contains("PortDown: PortState Down, PhysState Polling (was Active)");
        assertThat(agent.get(port, "RemoteGuid")).isEmpty();
        assertThat(agent.alarms()).contains("PortDown " + subject(leaf2, 1));
        assertThat(agent.notifications()).anyMatch(n -> n.startsWith("fabric.health.alarm.raised")
                && n.contains("PortDown raised on " + subject(leaf2, 1)));

        fabric.consoleAndWait("ReLink \"leaf2\"[1]");
        agent.sweep();
        assertThat(agent.get(port, "PortState")).isNotEqualTo("Down");
        assertThat(agent.alarms()).doesNotContain("PortDown " + subject(leaf2, 1));
        assertThat(agent.notifications()).anyMatch(n -> n.startsWith("fabric.health.alarm.cleared")
                && n.contains("PortDown cleared on " + subject(leaf2, 1)));
    }

    @Test
    void halfTheMadsToAnHcaDroppedAreCountedAsTimeoutsAndRetriesWithoutAPortDown() throws Exception {
        long host3 = agent.guid("host3");
        fabric.consoleAndWait("Error \"host3\"[1] 50");
        for (int i = 0; i < 3; i++) {
            assertThat(agent.sweep()).startsWith("PASS");
        }
        assertThat(Long.parseLong(agent.smpProbe("Timeouts"))).isPositive();
        assertThat(Long.parseLong(agent.smpProbe("Retries"))).isPositive();
        assertThat(agent.alarms()).noneMatch(a -> a.startsWith("PortDown"));
        assertThat(agent.get(SmpMBeans.portName(host3, 1), "PortState")).isEqualTo("Active");
        assertThat(agent.get(SmpMBeans.portName(agent.guid("leaf2"), 1), "PortState")).isEqualTo("Active");
    }

    @Test
    void anUnlinkedHcaRaisesMadTimeoutsWhileTheRestIsStillSwept() throws Exception {
        long host3 = agent.guid("host3");
        String portsBefore = agent.smpProbe("PortsSeen");
        fabric.consoleAndWait("Unlink \"host3\"");
        agent.sweep();
        assertThat(agent.alarms()).as("MadTimeouts waits for its second bad sweep").doesNotContain("MadTimeouts "
                + hex(host3));
        String lastGood = agent.smpProbe("LastGoodSweep");
        assertThat(agent.sweep()).startsWith("PASS");
        assertThat(agent.alarms()).contains("MadTimeouts " + hex(host3));
        assertThat(agent.get(SmpMBeans.nodeName(host3), "Answering")).isEqualTo("false");
        assertThat(agent.get(SmpMBeans.portName(host3, 1), "Health")).isEqualTo("CRIT");
        // the rest of the fabric is still swept
        assertThat(agent.smpProbe("LastGoodSweep")).isGreaterThan(lastGood);
        assertThat(agent.smpProbe("PortsSeen")).isEqualTo(portsBefore);
        assertThat(agent.smpProbe("SilentNodes")).isEqualTo("1");
        for (String other : new String[] {"host1", "host2", "host4", "leaf1", "leaf2"}) {
            assertThat(agent.get(SmpMBeans.nodeName(agent.guid(other)), "Answering")).as(other).isEqualTo("true");
        }
        assertThat(agent.get(SmpMBeans.portName(agent.guid("host4"), 1), "LastSweep")).isGreaterThan(lastGood);
    }

    @Test
    void symbolErrorsPastTheirThresholdRaiseErrorThreshold() throws Exception {
        long leaf1 = agent.guid("leaf1");
        ObjectName port = SmpMBeans.portName(leaf1, 7);
        fabric.consoleAndWait("PerformanceSet \"leaf1\"[7] PortCounters.SymbolErrorCounter=1234");
        agent.sweep();
        assertThat(agent.get(port, "SymbolErrorCounter")).isEqualTo("1234");
        assertThat(agent.get(port, "Health")).isEqualTo("WARN");
        assertThat(agent.get(port, "HealthReasons")).contains("ErrorThreshold: SymbolErrorCounter 1234 > 10");
        assertThat(agent.alarms()).as("hysteresis: 2 bad sweeps").doesNotContain("ErrorThreshold " + subject(leaf1, 7));
        agent.sweep();
        assertThat(agent.alarms()).contains("ErrorThreshold " + subject(leaf1, 7));
    }

    @Test
    void aCounterSetLowerIsTreatedAsAResetWithoutANegativeDelta() throws Exception {
        ObjectName port = SmpMBeans.portName(agent.guid("leaf1"), 8);
        fabric.consoleAndWait("PerformanceSet \"leaf1\"[8] PortCounters.SymbolErrorCounter=1234");
        agent.sweep();
        fabric.consoleAndWait("PerformanceSet \"leaf1\"[8] PortCounters.SymbolErrorCounter=5");
        agent.sweep();
        assertThat(agent.get(port, "CounterDeltas")).contains("SymbolErrorCounter=0,");
        assertThat(agent.get(port, "CounterResets")).isEqualTo("1");
        assertThat(agent.get(port, "SymbolErrorCounter")).as("the accumulator never goes down").isEqualTo("1234");
        assertThat(agent.get(port, "HealthReasons")).contains("CountersReset: SymbolErrorCounter 1234 -> 5");
        fabric.consoleAndWait("PerformanceSet \"leaf1\"[8] PortCounters.SymbolErrorCounter=8");
        agent.sweep();
        assertThat(agent.get(port, "CounterDeltas")).contains("SymbolErrorCounter=3,");
        assertThat(agent.get(port, "SymbolErrorCounter")).isEqualTo("1237");
    }

    @Test
    void aStalledSimulatorMakesTheSweepLateButItCompletesAndNothingHangs() throws Exception {
        fabric.console("Wait 3");
        String late = agent.sweep();
        assertThat(late).startsWith("PASS");
        long millis = Long.parseLong(late.split(" ")[1]);
        assertThat(millis).isBetween(2_000L, 20_000L);
        assertThat(Long.parseLong(agent.smpProbe("Timeouts"))).isPositive();
        assertThat(Long.parseLong(agent.smpProbe("Retries"))).isPositive();
        assertThat(agent.smpProbe("NodesSeen")).isEqualTo("6");
        String next = agent.sweep();
        assertThat(next).startsWith("PASS");
        assertThat(Long.parseLong(next.split(" ")[1])).isLessThan(2_000L);
    }

    private static String hex(long guid) {
        return String.format("0x%016x", guid);
    }

    private static String subject(long guid, int port) {
        return hex(guid) + "/" + port;
    }
}
