package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Windows and the Get-only rule, asserted from the engine's own counters; see {@link EngineLimitsScenario}. */
class EngineLimitsTest {

    @Test
    void inFlightMaximaStayWithinEveryConfiguredWindowAndOnlyGetsLeave(@TempDir Path work) throws Exception {
        // 6 leaves x 3 spines x 6 HCAs: 9 switches, 36 HCAs, 126 link ends.
        Path tree = Topologies.fatTree(6, 3, 6, work);
        InFabric.Result r = InFabric.run(tree, "node01-01", work, Duration.ofSeconds(120), EngineLimitsScenario.class,
                "45");
        assertThat(r.values()).containsEntry("limits", "ok");
    }
}
