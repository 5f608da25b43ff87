package io.fabrichealth.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The fleets people run on one machine: three agents over the bundled or the 1,000-port fabric. */
class SmallFleetTest {
    private static long[] nodes(int count) {
        long[] out = new long[count];
        for (int i = 0; i < count; i++) {
            out[i] = 0x0002c90300001000L + i;
        }
        return out;
    }

    @Test
    void threeAgentsShareEveryNodeOnceAndAFourthTakesAboutAQuarter() {
        long[] n = nodes(408);
        Ownership three = Ownership.of(List.of("a", "b", "c"), n);
        assertThat(three.loads().values()).allSatisfy(l -> assertThat(l).isBetween(136 - 14, 136 + 13));
        for (long node : n) {
            assertThat(three.ownerOf(node)).isIn("a", "b", "c");
        }
        Ownership four = Ownership.of(List.of("a", "b", "c", "d"), n);
        assertThat(four.moved(three)).as("about 1/4 of 408 move to the newcomer").isBetween(90, 140);
    }

    @Test
    void aFleetOfOneProbesNobodyAndSweepsEverything() {
        assertThat(Peers.of(List.of("solo"), 2).of("solo")).isEmpty();
        assertThat(Ownership.of(List.of("solo"), nodes(20)).loads()).containsEntry("solo", 20);
    }

    @Test
    void twoMembersProbeEachOtherOnly() {
        Peers peers = Peers.of(List.of("a", "b"), 2);
        assertThat(peers.of("a")).containsExactly("b");
        assertThat(peers.of("b")).containsExactly("a");
    }

    @Test
    void nodesWithoutMembersAreAnErrorThatSaysSo() {
        assertThatThrownBy(() -> Ownership.of(List.of(), nodes(3))).hasMessageContaining("no member to own 3 node(s)");
        assertThatThrownBy(() -> Peers.of(List.of("a"), -1)).hasMessageContaining("use 0 or more");
    }
}
