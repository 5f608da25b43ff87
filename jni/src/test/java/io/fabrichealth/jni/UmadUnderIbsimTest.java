package io.fabrichealth.jni;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MAD transport against a real ibsim through the real libibumad (umad2sim). The scenario
 * runs in a child JVM ({@link UmadScenario}); answers are cross-checked with smpquery.
 */
class UmadUnderIbsimTest {
    private static final String TOPOLOGY = "net.2sw2path4hca";
    private static final int OWN_LID = 7;

    @Test
    @Timeout(120)
    void madsGoOutAndAnswersComeBackWithTheCallersOwnDeadline(@TempDir Path work) throws Exception {
        try (IbsimProcess sim = IbsimProcess.start(TOPOLOGY)) {
            sim.console("Baselid \"Hca1\"[1] " + OWN_LID); // no SM here: give our port a LID
            String localNode = sim.tool("Hca1", "smpquery", "-D", "nodeinfo", "0");
            String switchNode = sim.tool("Hca1", "smpquery", "-D", "nodeinfo", "0,1");

            ChildJvm.Result child = new ChildJvm(work) // umad2sim writes ./sys-<pid>/ here
                    .env(sim.clientEnv("Hca1"))
                    .run(Duration.ofSeconds(90), UmadScenario.class, sim.consoleFifo().toString(),
                            Integer.toString(OWN_LID), Long.toString(sim.pid()));
            Map<String, String> seen = child.values();
            assertThat(seen).as(child.describe()).containsEntry("done", "true");
            assertThat(child.stderr()).doesNotContain("WARNING in native method");

            // the CA as libibumad reads it
            assertThat(seen).containsEntry("cas", "[ibsim0]")
                    .containsEntry("ca.nodeGuid", guid(localNode, "Guid"))
                    .containsEntry("ca.port1.guid", guid(localNode, "PortGuid"))
                    .containsEntry("ca.port1.lid", Integer.toString(OWN_LID));
            // a directed-route NodeInfo to ourselves and one hop out, answered like smpquery's
            assertThat(seen).containsEntry("dr0.status", "0").containsEntry("dr0.method", "0x81")
                    .containsEntry("dr0.tidLow", "0xab000001")
                    .containsEntry("dr0.nodeGuid", guid(localNode, "Guid"))
                    .containsEntry("dr1.nodeGuid", guid(switchNode, "Guid"));
            // every send read its own buffer, though the port keeps the last buffer's address
            assertThat(seen).containsEntry("dr1.tidLow", "0xab000002").containsEntry("lid.tidLow", "0xab000003")
                    .containsEntry("pma.tidLow", "0xab000004");
            // LID-routed SMP and PerfMgt through their own agents
            assertThat(seen).containsEntry("lid.status", "0").containsEntry("lid.remoteLid", Integer.toString(OWN_LID))
                    .containsEntry("lid.nodeGuid", guid(localNode, "Guid"))
                    .containsEntry("lid.agent", seen.get("agents").split(",")[1]);
            // recvBatch: all eight answers, each in its own slot with its own receipt (how many per call is timing).
            assertThat(seen).containsEntry("batch.tids", "0xab100000,0xab100001,0xab100002,0xab100003,0xab100004,"
                    + "0xab100005,0xab100006,0xab100007")
                    .containsEntry("batch.receipts", "length 256 status 0 agent " + seen.get("agents").split(",")[0]
                            + " method 0x81");
            assertThat(seen).containsEntry("pma.status", "0").containsEntry("pma.method", "0x81")
                    .containsEntry("pma.attribute", "1").containsEntry("pma.agent", seen.get("agents").split(",")[2]);
            // a dropped MAD comes back as our own request with status 110
            assertThat(seen).containsEntry("drop.status", "110").containsEntry("drop.method", "0x01");
            // a stalled simulator: recv gives up at its own deadline, close drains, the JVM lives
            assertThat(seen).containsEntry("stall.receipt", "null");
            assertThat(Long.parseLong(seen.get("stall.waitedMillis"))).isBetween(500L, 1500L);
            assertThat(seen).containsEntry("closedTwice.isOpen", "false")
                    .containsEntry("afterClose.message", "UmadPort is closed; open a new one with Umad.open");
            assertThat(seen.get("heap.message")).contains("needs a direct ByteBuffer");
            // open/close cycles leak nothing, and the port still works afterwards
            assertThat(seen).containsEntry("cycles.fdDelta", "0").containsEntry("reopen.status", "0");
        }
    }

    @Test
    @Timeout(60)
    void withoutIbsimUmadRefusesWithAClearErrorInsteadOfHangingOrExiting(@TempDir Path work) throws Exception {
        Prerequisites.requireIbsim();
        String sockName = "fhjni-absent-" + System.nanoTime();

        ChildJvm.Result child = new ChildJvm(work)
                .env("LD_PRELOAD", Prerequisites.UMAD2SIM.toString()).env("IBSIM_SOCKNAME", sockName)
                .run(Duration.ofSeconds(30), SimulatorAbsent.class);

        Map<String, String> seen = child.values();
        assertThat(seen).as(child.describe()).containsEntry("done", "true")
                .containsEntry("errno", "ECONNREFUSED").containsEntry("open.errno", "ECONNREFUSED");
        assertThat(seen.get("message")).isEqualTo("connect to ibsim's socket @" + sockName + ":ctl failed: "
                + "ECONNREFUSED (-111, Connection refused); ibsim is not running with IBSIM_SOCKNAME=" + sockName
                + "; start it first (umad2sim would wait forever or exit the JVM)");
    }

    /** "Guid:......0x0000000000100000" from smpquery's NodeInfo output. */
    private static String guid(String smpquery, String field) {
        Matcher m = Pattern.compile("(?m)^" + field + ":\\.+(0x[0-9a-f]{16})$").matcher(smpquery);
        assertThat(m.find()).as(field + " in\n" + smpquery).isTrue();
        return m.group(1);
    }
}
