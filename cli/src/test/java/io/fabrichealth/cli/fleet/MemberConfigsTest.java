package io.fabrichealth.cli.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.config.ConfigLoader;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.testbed.Topologies;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How {@code run --agents N} and the fleet tests derive agent i's config from one base config. */
class MemberConfigsTest {
    private static final Path TOPO = Path.of("/tmp/fat-tree.topo");

    @Test
    void agentTwoOfThreeGetsTheConfiguredPortsPlusTwoItsOwnNameAndHcaAndAGridOfAllThree() throws Exception {
        FabricHealthConfig base = ConfigLoader.parse("agent: {name: lab}\n", "base.yaml", Path.of("."));
        FabricHealthConfig c = MemberConfigs.derive(base, 2, 3, TOPO, "node01-03", Path.of("/tmp/a2/state"));

        assertThat(c.agent().name()).isEqualTo("lab-2");
        assertThat(c.agent().stateDir()).isEqualTo(Path.of("/tmp/a2/state"));
        assertThat(c.http().port()).isEqualTo(8780);
        assertThat(c.jmx().port()).isEqualTo(9012);
        assertThat(c.bursts().listen()).isEqualTo(new HostPort("127.0.0.1", 7472));
        assertThat(c.pingpong().listen()).isEqualTo(new HostPort("127.0.0.1", 7474));
        assertThat(c.simulation().simHost()).isEqualTo("node01-03");
        assertThat(c.simulation().topology().file()).isEqualTo(TOPO);
        assertThat(c.fleet().enabled()).isTrue();
        assertThat(c.fleet().port()).isEqualTo(6902);
        assertThat(c.fleet().interfaces()).containsExactly("127.0.0.1");
        assertThat(c.fleet().discovery().clusterMode()).isEqualTo("tcpip:127.0.0.1:6900,127.0.0.1:6901,127.0.0.1:6902");
    }

    @Test
    void theRenderedConfigReadsBackEqual() throws Exception {
        Path topo = Topologies.bundled();
        FabricHealthConfig c = MemberConfigs.derive(ConfigLoader.loadDefault(), 1, 2, topo, "node02", Path.of("/tmp/s"));
        FabricHealthConfig back = ConfigLoader.parse(c.toYaml(), "agent-1.yaml", Path.of("."));
        assertThat(back.withSource(c.source())).isEqualTo(c);
    }

    @Test
    void theDefaultBurstAndPingPongRangesOverlapFromThreeAgentsOnSoPingPongMovesPastBursts() {
        List<String> notes = new ArrayList<>();
        FabricHealthConfig two = MemberConfigs.apart(ConfigLoader.loadDefault(), 2, notes);
        assertThat(notes).isEmpty();
        assertThat(two.pingpong().listen().port()).isEqualTo(7472);

        FabricHealthConfig three = MemberConfigs.apart(ConfigLoader.loadDefault(), 3, notes);
        assertThat(three.bursts().listen().port()).isEqualTo(7470);
        assertThat(three.pingpong().listen().port()).isEqualTo(7473);
        assertThat(three.http().port()).isEqualTo(8778);
        assertThat(notes).singleElement().asString().contains("pingpong.listen 7472..7474 would overlap bursts.listen");
    }

    @Test
    void aHardwareConfigCannotHostAFleetOnOneMachine() throws Exception {
        FabricHealthConfig hw = ConfigLoader.parse("fabric: {mode: hardware}\n", "hw.yaml", Path.of("."));
        assertThatThrownBy(() -> MemberConfigs.derive(hw, 0, 2, TOPO, "node01", Path.of("/tmp/s")))
                .hasMessageContaining("fabric.mode is hardware");
    }
}
