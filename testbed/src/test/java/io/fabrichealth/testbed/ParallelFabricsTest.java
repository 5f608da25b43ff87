package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParallelFabricsTest {

    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(15);

    @Test
    void two_fabrics_started_at_once_do_not_collide_and_a_fault_in_one_stays_in_it(@TempDir Path work) {
        CompletableFuture<SimulatedFabric> startA =
                CompletableFuture.supplyAsync(() -> SimulatedFabric.start(Topologies.bundled(), true, work.resolve("a")));
        CompletableFuture<SimulatedFabric> startB =
                CompletableFuture.supplyAsync(() -> SimulatedFabric.start(Topologies.bundled(), true, work.resolve("b")));
        try (SimulatedFabric a = startA.join(); SimulatedFabric b = startB.join()) {
            assertThat(a.ibsim().sockName()).isNotEqualTo(b.ibsim().sockName());
            assertThat(a.clientEnv("node01")).containsEntry("IBSIM_SOCKNAME", a.ibsim().sockName());

            a.console("Unlink \"leaf-a\"[7]");

            assertThat(linkState(a)).isEqualTo("Down");
            assertThat(linkState(b)).isEqualTo("Active");
            assertThat(a.console("Attached")).contains("pid " + a.opensm().pid()).doesNotContain("pid " + b.opensm().pid());
        } finally {
            startA.thenAccept(SimulatedFabric::close);
            startB.thenAccept(SimulatedFabric::close);
        }
    }

    private static String linkState(SimulatedFabric f) {
        ToolResult r = f.tool("node01", TOOL_TIMEOUT, "smpquery", "-D", "portinfo", "0,1", "7");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        return Diags.field(r.stdout(), "LinkState");
    }
}
