package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SMP sweep sharing the fabric with a fleet; the checks are in {@link FleetShareScenario}. */
class FleetShareTest {

    @Test
    void aMemberSweepsOnlyTheNodesItOwnsAndHoldsTheClaimOf(@TempDir Path work) throws Exception {
        InFabric.Result r = InFabric.run(Topologies.bundled(), "node01", work, Duration.ofSeconds(120),
                FleetShareScenario.class);
        System.out.println(r.stdout());
        assertThat(r.values()).containsEntry("fleetShare", "ok");
    }
}
