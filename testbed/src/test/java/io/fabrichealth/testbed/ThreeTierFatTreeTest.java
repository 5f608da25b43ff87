package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreeTierFatTreeTest {

    @Test
    void the_file_holds_every_switch_and_hca_the_tree_counts_and_ibsim_needs_no_flags_while_it_is_small(
            @TempDir Path work) throws Exception {
        ThreeTierFatTree tree = new ThreeTierFatTree(2, 2, 2, 2, 2);
        Path topo = tree.write(work);

        assertThat(Topologies.nodeNames(topo)).hasSize(tree.nodes())
                .contains("S:core02-02", "S:agg02-01", "S:leaf01-02", "H:node02-02-02");
        assertThat(SimLimits.of(topo)).isEqualTo(new SimLimits(20, 12, 60)).isEqualTo(new SimLimits(tree.nodes(), tree.switches(), tree.simulatorPorts()));
        assertThat(SimLimits.of(topo).flags()).isEmpty();
        assertThat(SimLimits.of(Topologies.bundled()).flags()).isEmpty();
    }

    @Test
    void the_ten_thousand_port_tree_raises_every_ibsim_limit_it_passes() {
        ThreeTierFatTree tree = Topologies.TEN_THOUSAND_PORTS;
        assertThat(tree.connectedPorts()).isEqualTo(10_240);
        assertThat(new SimLimits(tree.nodes(), tree.switches(), tree.simulatorPorts()).flags())
                .containsSequence("-N", "5416").containsSequence("-S", "296");
    }

    @Test
    void a_switch_wider_than_254_ports_is_refused_with_what_to_change() {
        assertThatThrownBy(() -> new ThreeTierFatTree(2, 2, 4, 2, 251))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 254 ports");
    }
}
