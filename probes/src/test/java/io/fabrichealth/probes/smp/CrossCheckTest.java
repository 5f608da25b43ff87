package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep against infiniband-diags on two fabrics; the checks themselves are in {@link CrossCheckScenario}. */
class CrossCheckTest {

    @Test
    void onTheBundledFabricTheSweepSeesWhatIbnetdiscoverSmpqueryPerfqueryAndIblinkinfoSee(@TempDir Path work)
            throws Exception {
        InFabric.Result r = InFabric.run(Topologies.bundled(), "node01", work, Duration.ofSeconds(120),
                CrossCheckScenario.class, "\"leaf-a\"[7]");
        assertThat(r.values()).containsEntry("crossCheck", "ok").containsEntry("nodes", "6")
                .containsEntry("degradedPorts", "2");
    }

    @Test
    void onIbsimsTwoSwitchExampleTheSweepSeesWhatTheToolsSeeIncludingEveryCouldBe(@TempDir Path work)
            throws Exception {
        // No width=/speed= lines: ports enable less than they support, so iblinkinfo marks every link.
        InFabric.Result r = InFabric.run(Topologies.example("net.2sw2path4hca"), "Hca1", work, Duration.ofSeconds(120),
                CrossCheckScenario.class, "\"Switch1\"[3]");
        assertThat(r.values()).containsEntry("crossCheck", "ok").containsEntry("nodes", "6");
        assertThat(Integer.parseInt(r.values().get("degradedPorts"))).isEqualTo(2 * Integer.parseInt(r.values().get("links")));
    }
}
