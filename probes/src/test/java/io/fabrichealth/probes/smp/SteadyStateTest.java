package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.ThreeTierFatTree;
import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Steady-state sweeps rediscover only where the topology moved; see {@link SteadyStateScenario}. */
class SteadyStateTest {

    @Test
    void steadySweepsSendNoNodeInfoUntilAPortComesUpAndThenWalkThroughIt(@TempDir Path work) throws Exception {
        Path topo = Topologies.threeTierFatTree(new ThreeTierFatTree(2, 2, 2, 2, 2), work);
        InFabric.Result r = InFabric.run(topo, "node01-01-01", work, Duration.ofSeconds(120),
                SteadyStateScenario.class);
        assertThat(r.values()).containsEntry("steady", "ok");
    }
}
