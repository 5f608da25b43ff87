package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TenThousandPortFabricTest {

    @Test
    void a_three_tier_fat_tree_of_10000_ports_comes_up_under_opensm_and_ibnetdiscover_finds_every_port(
            @TempDir Path work) {
        ThreeTierFatTree tree = Topologies.TEN_THOUSAND_PORTS;
        Path topo = Topologies.threeTierFatTree(tree, work);
        SimLimits limits = SimLimits.of(topo);
        assertThat(limits).isEqualTo(new SimLimits(tree.nodes(), tree.switches(), tree.simulatorPorts()));
        assertThat(limits.flags()).as("beyond ibsim's 2048 nodes").contains("-N");

        try (SimulatedFabric fabric = SimulatedFabric.start(topo, true, work)) {
            assertThat(fabric.opensm().subnetUpAfter()).as("opensm reached SUBNET UP").isNotNull();
            ToolResult r = fabric.tool(ThreeTierFatTree.host(1, 1, 1), Duration.ofSeconds(300), "ibnetdiscover");

            assertThat(r.exitCode()).as(r.stderr()).isZero();
            assertThat(Diags.count(r.stdout(), "Switch\t")).isEqualTo(tree.switches());
            assertThat(Diags.count(r.stdout(), "Ca\t")).isEqualTo(tree.hcas());
            assertThat(Diags.linkEnds(r.stdout())).isEqualTo(tree.connectedPorts()).isGreaterThanOrEqualTo(10_000);
        }
    }
}
