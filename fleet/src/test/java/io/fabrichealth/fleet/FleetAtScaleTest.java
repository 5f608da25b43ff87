package io.fabrichealth.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Issue 13's scale check, by simulation: 10,000 members share 100,000 nodes and probe each other. */
class FleetAtScaleTest {
    private static final int MEMBERS = 10_000;
    private static final int NODES = 100_000;
    private static final int K = 2;

    private static List<String> members;
    private static long[] nodes;
    private static Ownership all;

    @BeforeAll
    static void shareOut() {
        members = new ArrayList<>();
        for (int i = 0; i < MEMBERS; i++) {
            members.add(String.format("host%05d", i));
        }
        nodes = new long[NODES];
        for (int i = 0; i < NODES; i++) {
            nodes[i] = 0x0002c90300000000L + i;
        }
        all = Ownership.of(members, nodes);
    }

    @Test
    void theMostLoadedMemberSweepsAtMostATenthMoreThanTheMean() {
        Map<String, Integer> loads = all.loads();
        double mean = (double) NODES / MEMBERS;
        System.out.printf("%d nodes over %d members: most loaded %d, mean %.1f%n", NODES, MEMBERS,
                Collections.max(loads.values()), mean);
        assertThat(loads).hasSize(MEMBERS);
        assertThat(loads.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(NODES);
        assertThat(Collections.max(loads.values())).isLessThanOrEqualTo((int) Math.floor(1.10 * mean + 1e-9));
    }

    @Test
    void whenOneMemberLeavesAtMostOneNthPlusOnePercentOfTheNodesMove() {
        List<String> fewer = new ArrayList<>(members);
        String gone = fewer.remove(MEMBERS / 2);
        Ownership after = Ownership.of(fewer, nodes);
        int moved = after.moved(all);
        System.out.printf("leave of 1 of %d members: %d of %d nodes moved (its own %d)%n", MEMBERS, moved, NODES,
                all.loads().get(gone));
        assertThat(moved).as("%d of %d nodes moved", moved, NODES)
                .isLessThanOrEqualTo((int) (NODES * (1.0 / MEMBERS + 0.01)))
                .isGreaterThanOrEqualTo(all.loads().get(gone)); // at least the leaver's own nodes
        assertThat(after.loads()).doesNotContainKey(gone);
    }

    @Test
    void whenOneMemberJoinsAtMostOneNthPlusOnePercentOfTheNodesMove() {
        List<String> more = new ArrayList<>(members);
        more.add("host-new");
        Ownership after = Ownership.of(more, nodes);
        int moved = after.moved(all);
        System.out.printf("join of 1 to %d members: %d of %d nodes moved (1/N = %d)%n", MEMBERS, moved, NODES,
                NODES / (MEMBERS + 1));
        assertThat(moved).as("%d of %d nodes moved", moved, NODES)
                .isLessThanOrEqualTo((int) (NODES * (1.0 / (MEMBERS + 1) + 0.01)))
                .isGreaterThanOrEqualTo(after.loads().get("host-new")); // at least the joiner's new nodes
        assertThat(after.loads().get("host-new")).isPositive();
    }

    @Test
    void everyMemberIsProbedAndNoneByMoreThanTwoKPlusOne() {
        Peers peers = Peers.of(members, K);
        Map<String, Integer> in = peers.inDegrees();
        assertThat(in).hasSize(MEMBERS);
        assertThat(Collections.min(in.values())).as("every member is probed by someone").isGreaterThanOrEqualTo(1);
        assertThat(Collections.max(in.values())).isLessThanOrEqualTo(2 * K + 1);
        assertThat(members).allSatisfy(m -> assertThat(peers.of(m)).hasSize(1 + K).doesNotContain(m));
    }

    @Test
    void theSameMembersDrawTheSamePeersAndOwnersInAnyOrder() {
        List<String> shuffled = new ArrayList<>(members.subList(0, 500));
        Collections.reverse(shuffled);
        long[] few = java.util.Arrays.copyOf(nodes, 5_000);
        assertThat(Peers.of(shuffled, K).of("host00042")).isEqualTo(Peers.of(members.subList(0, 500), K).of("host00042"));
        assertThat(Ownership.of(shuffled, few).moved(Ownership.of(members.subList(0, 500), few))).isZero();
    }
}
