package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** smp_mad_stress's measurement on the sweep's engine, through the real libibumad on ibsim; see {@link MadsScenario}. */
class MadsTest {

    @Test
    void depthOneAndTwoAnswerWithinTheEngineLimitsAndPrintSmpMadStressTable(@TempDir Path work) throws Exception {
        InFabric.Result r = InFabric.run(Topologies.bundled(), "node01", work, Duration.ofSeconds(180),
                MadsScenario.class);
        assertThat(r.values()).as(r.stdout()).containsEntry("mads", "ok");
    }
}
