package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FatTreeFabricTest {

    @Test
    void a_fat_tree_with_over_1000_ports_comes_up_under_opensm_within_seconds(@TempDir Path work) {
        int leaves = 16;
        int spines = 8;
        int hcas = 24;
        Path topo = Topologies.fatTree(leaves, spines, hcas, work);

        long t0 = System.nanoTime();
        try (SimulatedFabric fabric = SimulatedFabric.start(topo, true, work)) {
            Duration up = Duration.ofNanos(System.nanoTime() - t0);
            ToolResult r = fabric.tool(null, Duration.ofSeconds(60), "ibnetdiscover");

            assertThat(r.exitCode()).as(r.stderr()).isZero();
            assertThat(Diags.count(r.stdout(), "Switch\t")).isEqualTo(leaves + spines);
            assertThat(Diags.count(r.stdout(), "Ca\t")).isEqualTo(leaves * hcas);
            assertThat(Diags.linkEnds(r.stdout())).isEqualTo(FatTree.connectedPorts(leaves, spines, hcas))
                    .isGreaterThanOrEqualTo(1000);
            // start() waits for SUBNET UP itself; the bound is its own generous deadlines, not this machine's speed.
            assertThat(up).as("SUBNET UP (opensm after %s)", fabric.opensm().subnetUpAfter())
                    .isLessThan(SimulatedFabric.IBSIM_START_TIMEOUT.plus(SimulatedFabric.SUBNET_UP_TIMEOUT));
        }
    }
}
