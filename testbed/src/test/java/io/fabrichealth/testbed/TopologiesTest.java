package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologiesTest {

    @Test
    void the_bundled_topology_enables_every_width_and_speed_and_restricts_one_link() throws Exception {
        String topo = Files.readString(Topologies.bundled());

        assertThat(topo).contains("width=31", "speed=7", "Switch 8 \"leaf-a\"", "Hca 1 \"node04\"");
        assertThat(topo.lines().filter(l -> l.startsWith("[") && l.contains("w=1"))).hasSize(2);
    }

    @Test
    void an_ibsim_example_is_found_by_name() {
        assertThat(Topologies.example("net.2sw2path4hca")).isReadable();
        assertThatThrownBy(() -> Topologies.example("no-such-net"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("apt-get install ibsim-utils");
    }

    @Test
    void a_generated_fat_tree_has_one_cable_from_every_leaf_to_every_spine(@TempDir Path dir) throws Exception {
        String topo = Files.readString(Topologies.fatTree(3, 2, 4, dir));

        assertThat(topo.lines().filter(l -> l.startsWith("Switch"))).hasSize(5);
        assertThat(topo.lines().filter(l -> l.startsWith("Hca 1"))).hasSize(12);
        assertThat(topo).contains("Switch 6 \"leaf03\"\n[1] \"node03-01\"[1]", "[6] \"spine02\"[3]",
                "Switch 3 \"spine02\"\n[1] \"leaf01\"[6]");
        assertThat(FatTree.connectedPorts(3, 2, 4)).isEqualTo(36);
    }

    @Test
    void a_fat_tree_beyond_ibsims_limits_is_refused_with_the_limit(@TempDir Path dir) {
        assertThatThrownBy(() -> Topologies.fatTree(250, 20, 4, dir))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("make it smaller");
        assertThatThrownBy(() -> Topologies.fatTree(2, 200, 100, dir))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 254 ports");
    }
}
