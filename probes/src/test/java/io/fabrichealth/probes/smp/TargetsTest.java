package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Explicit targets instead of discovery, and the MAD/s cap; see {@link TargetsScenario}. */
class TargetsTest {

    @Test
    void explicitTargetsAreSweptAloneAndTheRateCapHolds(@TempDir Path work) throws Exception {
        InFabric.Result r = InFabric.run(Topologies.bundled(), "node01", work, Duration.ofSeconds(90),
                TargetsScenario.class);
        assertThat(r.values()).containsEntry("targets", "ok");
    }
}
