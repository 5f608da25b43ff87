package io.fabrichealth.mbeans.smp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flapping against down, on ibsim through the agent's MBeans and the real alarm book (see {@link AgentChild}): a
 * link that bounces three times inside the window is one LinkFlapping, not three PortDown/clear pairs; an outage
 * longer than the window is a PortDown only. Congestion ranks ports and raises nothing.
 */
@Timeout(120)
class LinkFlappingTest {
    @TempDir
    Path work;
    private SimFabric fabric;
    private AgentHandle agent;

    @AfterEach
    void stop() throws Exception {
        try {
            if (agent != null) {
                agent.close();
            }
        } finally {
            if (fabric != null) {
                fabric.close();
            }
        }
    }

    @Test
    void threeBouncesInsideTheWindowRaiseLinkFlappingAndOnePortDownAtMost() throws Exception {
        fabric = SimFabric.start("faults.topo", work);
        agent = AgentHandle.start(fabric, "host1", work);
        assertThat(agent.sweep()).startsWith("PASS");
        String subject = subject(agent.guid("leaf2"), 1);
        for (int i = 0; i < 3; i++) {
            fabric.consoleAndWait("Unlink \"leaf2\"[1]");
            assertThat(agent.sweep()).startsWith("PASS");
            fabric.consoleAndWait("ReLink \"leaf2\"[1]");
            assertThat(agent.sweep()).startsWith("PASS");
        }
        assertThat(agent.alarms()).contains("LinkFlapping " + subject).doesNotContain("PortDown " + subject);
        List<String> said = agent.notifications();
        assertThat(said.stream().filter(n -> n.contains("PortDown raised on " + subject)))
                .as("only the first Down, before anything said it would come back: %s", said).hasSize(1);
        assertThat(said.stream().filter(n -> n.contains("LinkFlapping raised on " + subject))).as("%s", said).hasSize(1);
        assertThat(said).anyMatch(n -> n.contains("LinkFlapping raised on " + subject)
                && n.contains("\"leaf2\" port 1 went Down and came back Active"));
    }

    @Test
    void anOutageLongerThanTheWindowIsAPortDownOnlyAndFlappingClearsAfterAQuietWindow() throws Exception {
        fabric = SimFabric.start("faults.topo", work);
        agent = AgentHandle.start(fabric, "host1", work, List.of("-Dfh.test.flappingWindow=3s"));
        assertThat(agent.sweep()).startsWith("PASS");
        String subject = subject(agent.guid("leaf2"), 1);
        fabric.consoleAndWait("Unlink \"leaf2\"[1]");
        assertThat(agent.sweep()).startsWith("PASS");
        assertThat(agent.alarms()).contains("PortDown " + subject);
        Thread.sleep(3500);
        assertThat(agent.sweep()).startsWith("PASS");
        fabric.consoleAndWait("ReLink \"leaf2\"[1]");
        assertThat(agent.sweep()).startsWith("PASS");
        assertThat(agent.alarms()).doesNotContain("PortDown " + subject, "LinkFlapping " + subject);
        assertThat(agent.notifications()).noneMatch(n -> n.contains("LinkFlapping"));

        // A short bounce now flaps, and a quiet window clears it.
        fabric.consoleAndWait("Unlink \"leaf2\"[1]");
        agent.sweep();
        fabric.consoleAndWait("ReLink \"leaf2\"[1]");
        agent.sweep();
        assertThat(agent.alarms()).contains("LinkFlapping " + subject);
        Thread.sleep(3500);
        agent.sweep();
        assertThat(agent.alarms()).doesNotContain("LinkFlapping " + subject);
    }

    @Test
    void congestionRanksPortsByXmitWaitPerSecondAndIsNeverAnError() throws Exception {
        fabric = SimFabric.start("faults.topo", work);
        agent = AgentHandle.start(fabric, "host1", work);
        assertThat(agent.sweep()).startsWith("PASS");
        assertThat(agent.sweep()).startsWith("PASS");
        fabric.consoleAndWait("PerformanceSet \"leaf1\"[7] PortCounters.PortXmitWait=1000");
        fabric.consoleAndWait("PerformanceSet \"leaf2\"[1] PortCounters.PortXmitWait=50000");
        assertThat(agent.sweep()).startsWith("PASS");
        String ranked = agent.smpProbe("CongestedPorts");
        assertThat(ranked.split("\\|")).as(ranked).hasSize(2);
        assertThat(ranked.split("\\|")[0]).startsWith("\"leaf2\" port 1 (" + subject(agent.guid("leaf2"), 1) + "): ")
                .contains("(PortXmitWait +50000 in ");
        assertThat(ranked.split("\\|")[1]).startsWith("\"leaf1\" port 7 (");
        assertThat(agent.alarms()).isEmpty();
        assertThat(agent.get(SmpMBeans.portName(agent.guid("leaf2"), 1), "Health")).isEqualTo("OK");
    }

    private static String subject(long guid, int port) {
        return String.format("0x%016x/%d", guid, port);
    }
}
