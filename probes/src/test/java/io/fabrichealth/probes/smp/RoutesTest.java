package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Routes traced from the switches' forwarding tables equal ibtracert's; the checks are in {@link RoutesScenario}. */
class RoutesTest {

    @Test
    void everyRouteBetweenTheBundledFabricsHostsIsIbtracertsLineForLine(@TempDir Path work) throws Exception {
        InFabric.Result r = InFabric.run(Topologies.bundled(), "node01", work, Duration.ofSeconds(120),
                RoutesScenario.class);
        assertThat(r.values()).containsEntry("routes", "ok").containsEntry("pairs", "12");
        assertThat(r.values()).as("one SwitchInfo and one block per switch").containsEntry("firstTraceMads", "4");
    }

    @Test
    void fiftyRandomRoutesOnAThousandPortFatTreeAreIbtracertsAndLocalizeASharedCable(@TempDir Path work) throws Exception {
        Path tree = Topologies.fatTree(16, 8, 24, work);
        InFabric.Result r = InFabric.run(tree, Topologies.simHost(tree, null), work, Duration.ofSeconds(240),
                RoutesScenario.class, "50");
        assertThat(r.values()).containsEntry("routes", "ok").containsEntry("pairs", "50")
                .containsEntry("localization", "ok").containsKey("cableOnlyOnTheWayBack");
    }
}
