package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several answers per receive, and a malformed one among them loses none of the others; see {@link BatchReceiveScenario}. */
class BatchReceiveTest {

    @Test
    void aMalformedMadInTheMiddleOfABatchFailsOnlyItsOwnRequest(@TempDir Path work) throws Exception {
        InFabric.Result r = InFabric.run(Topologies.bundled(), "node01", work, Duration.ofSeconds(120),
                BatchReceiveScenario.class);
        assertThat(r.values()).as(r.stdout()).containsEntry("batch", "ok");
    }
}
