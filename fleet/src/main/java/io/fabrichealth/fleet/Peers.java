package io.fabrichealth.fleet;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Who probes whom ({@code peers: auto}): each member probes its ring successor and k members drawn at random, a
 * pure function of the member list, so the draw changes only when the membership does (Pingmesh's pinglists,
 * without a controller).
 *
 * <p>The successor makes sure every member is probed by someone. The random draw is seeded by the member list and
 * skips a candidate already probed by {@code 2k+1} members, so no member is probed by more than that.
 */
public final class Peers {
    private final Map<String, List<String>> targets;

    private Peers(Map<String, List<String>> targets) {
        this.targets = targets;
    }

    /** @param k random peers per member, besides the successor */
    public static Peers of(Collection<String> members, int k) {
        if (k < 0) {
            throw new IllegalArgumentException("k is " + k + "; use 0 or more random peers per member");
        }
        List<String> ring = ringOrder(members);
        int n = ring.size();
        int maxIn = 2 * k + 1;
        Map<String, Integer> in = new HashMap<>();
        Map<String, List<String>> targets = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Set<String> mine = new LinkedHashSet<>();
            if (n > 1) {
                String successor = ring.get((i + 1) % n);
                mine.add(successor);
                in.merge(successor, 1, Integer::sum);
            }
            targets.put(ring.get(i), new ArrayList<>(List.copyOf(mine)));
        }
        SplittableRandom random = new SplittableRandom(Hashes.of(String.join("\n", ring)));
        int want = Math.min(k, Math.max(0, n - 2)); // self and successor are not candidates
        for (int i = 0; i < n; i++) {
            String self = ring.get(i);
            List<String> mine = targets.get(self);
            int tries = 0;
            while (mine.size() < 1 + want && tries++ < 8 * n) {
                String c = ring.get(random.nextInt(n));
                if (!c.equals(self) && !mine.contains(c) && in.getOrDefault(c, 0) < maxIn) {
                    mine.add(c);
                    in.merge(c, 1, Integer::sum);
                }
            }
        }
        targets.replaceAll((m, t) -> Collections.unmodifiableList(t));
        return new Peers(Map.copyOf(targets));
    }

    /** The members {@code member} probes, successor first; empty for an unknown member or a fleet of one. */
    public List<String> of(String member) {
        return targets.getOrDefault(member, List.of());
    }

    /** How many members probe {@code member}. */
    public int probedBy(String member) {
        int count = 0;
        for (List<String> t : targets.values()) {
            count += t.contains(member) ? 1 : 0;
        }
        return count;
    }

    /** Every member's in-degree at once (probedBy for all, in one pass). */
    public Map<String, Integer> inDegrees() {
        Map<String, Integer> in = new HashMap<>();
        targets.keySet().forEach(m -> in.put(m, 0));
        targets.values().forEach(t -> t.forEach(m -> in.merge(m, 1, Integer::sum)));
        return in;
    }

    /** The members on a ring by the hash of their names: neighbours are spread, not alphabetical. */
    private static List<String> ringOrder(Collection<String> members) {
        List<String> ring = new ArrayList<>(new TreeSet<>(members));
        ring.sort((a, b) -> {
            int c = Long.compareUnsigned(Hashes.of(a), Hashes.of(b));
            return c != 0 ? c : a.compareTo(b);
        });
        return ring;
    }
}
