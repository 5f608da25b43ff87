package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's path, its ports read before and after, and the cables it names; the checks are in {@link PathScenario}. */
class RunPathsTest {

    @Test
    void aRunsPathNamesExactlyTheCableWhoseCounterMovedAndAnUnreadableForwardingTableIsReported(@TempDir Path work)
            throws Exception {
        InFabric.Result r = InFabric.run(Topologies.bundled(), "node01", work, Duration.ofSeconds(180),
                PathScenario.class);
        System.out.println(r.values());
        assertThat(r.values()).containsEntry("paths", "ok");
        assertThat(r.values().get("suspect")).contains("SymbolErrorCounter_+37");
        assertThat(r.values().get("lftTimeout")).contains("leaf-a");
    }
}
