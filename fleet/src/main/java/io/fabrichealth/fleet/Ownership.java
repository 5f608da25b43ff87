package io.fabrichealth.fleet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which member sweeps which node: consistent hashing with bounded loads, a pure function of the member names and
 * the node GUIDs, so every member computes the same answer without asking.
 *
 * <p>Each member stands at {@link #POINTS} places on a ring; nodes, taken in the order of their own hash, go to
 * the first member clockwise that still has room. A member's room is {@code floor(1.1 m/n + u)} nodes, with
 * {@code u} in [0, 1) drawn from its name: the most-loaded member carries at most 1.1 times the mean, rounded up to a
 * whole node, and a change of membership changes the room of only a few members. A member that leaves hands on only its own nodes (and the
 * few that its nodes then displace); many points per member keep that ripple short.
 */
public final class Ownership {
    /** Places on the ring per member: more points, less movement when a member leaves, slower to compute. */
    static final int POINTS = 64;
    /** The most-loaded member may carry this much over the mean. */
    static final double SLACK = 0.10;

    private final Map<Long, String> owners;
    private final Map<String, Integer> loads;

    private Ownership(Map<Long, String> owners, Map<String, Integer> loads) {
        this.owners = owners;
        this.loads = loads;
    }

    /**
     * @param members the live members' names (order does not matter; duplicates are one member)
     * @param nodes   the node GUIDs to share out
     * @throws IllegalArgumentException when there are nodes but no member
     */
    public static Ownership of(Collection<String> members, long[] nodes) {
        List<String> names = new ArrayList<>(new TreeSet<>(members));
        int n = names.size();
        int m = nodes.length;
        if (n == 0) {
            if (m > 0) {
                throw new IllegalArgumentException("no member to own " + m + " node(s)");
            }
            return new Ownership(Map.of(), Map.of());
        }
        Ring ring = Ring.of(names);
        // Each member's room is floor(1.1 m/n + u), u its own fraction in [0, 1): as members come and go, 1.1 m/n moves
        // a little and only the few members whose u sits at the edge gain or lose a node of room. One room for all
        // would jump by a whole node for everyone at once and send many members' last nodes down the ring.
        double share = (1 + SLACK) * m / n;
        int floor = (m + n - 1) / n; // never less than an even share, so the rooms always hold every node
        int[] room = new int[n];
        for (int j = 0; j < n; j++) {
            double u = (Hashes.of(names.get(j)) >>> 11) * 0x1.0p-53;
            room[j] = Math.max(floor, (int) Math.floor(share + u - 1e-9));
        }
        long[] hashes = new long[m];
        for (int i = 0; i < m; i++) {
            hashes[i] = Hashes.mix(nodes[i]);
        }
        Long[] byHash = new Long[m];
        for (int i = 0; i < m; i++) {
            byHash[i] = (long) i;
        }
        Arrays.sort(byHash, (a, b) -> Long.compareUnsigned(hashes[a.intValue()], hashes[b.intValue()]));
        int[] load = new int[n];
        Map<Long, String> owners = new HashMap<>(m * 2);
        for (Long k : byHash) {
            int i = k.intValue();
            int p = ring.firstAtOrAfter(hashes[i]);
            int member = ring.memberAt(p);
            while (load[member] >= room[member]) {
                member = ring.memberAt(++p);
            }
            load[member]++;
            owners.put(nodes[i], names.get(member));
        }
        Map<String, Integer> loads = new HashMap<>();
        for (int i = 0; i < n; i++) {
            loads.put(names.get(i), load[i]);
        }
        return new Ownership(owners, loads);
    }

    /** The member that sweeps {@code node}, or null for a node that was not shared out. */
    public String ownerOf(long node) {
        return owners.get(node);
    }

    /** Nodes per member; every member is present, with 0 when it owns none. */
    public Map<String, Integer> loads() {
        return Map.copyOf(loads);
    }

    /** How many of these nodes another ownership gives to a different member (a rebalance's movement). */
    public int moved(Ownership before) {
        int moved = 0;
        for (Map.Entry<Long, String> e : owners.entrySet()) {
            if (!e.getValue().equals(before.owners.get(e.getKey()))) {
                moved++;
            }
        }
        return moved;
    }

    /** The members' points on the ring, sorted. */
    private record Ring(long[] points, int[] members) {
        static Ring of(List<String> names) {
            int total = names.size() * POINTS;
            long[][] pairs = new long[total][];
            for (int i = 0; i < names.size(); i++) {
                long base = Hashes.of(names.get(i));
                for (int v = 0; v < POINTS; v++) {
                    pairs[i * POINTS + v] = new long[] {Hashes.mix(base + v), i};
                }
            }
            Arrays.sort(pairs, (a, b) -> Long.compareUnsigned(a[0], b[0]));
            long[] points = new long[total];
            int[] members = new int[total];
            for (int i = 0; i < total; i++) {
                points[i] = pairs[i][0];
                members[i] = (int) pairs[i][1];
            }
            return new Ring(points, members);
        }

        int firstAtOrAfter(long hash) {
            int lo = 0;
            int hi = points.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (Long.compareUnsigned(points[mid], hash) < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        int memberAt(int position) {
            return members[position % members.length];
        }
    }
}
