package io.fabrichealth.probes.smp.mads;

import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One destination of a measurement: a unicast LID, and what the agent's sweep knows of the node behind it.
 *
 * @param typed what the operator typed
 * @param lid where the Gets go (LID-routed, as smp_mad_stress's {@code -L})
 * @param port PortInfo's modifier: 0 (a switch's management port) or the CA port that has this LID
 * @param node the node, when a sweep saw it; null for a LID no sweep has seen
 */
public record MadsTarget(String typed, int lid, int port, NodeSnapshot node) {

    /** smp_mad_stress's heading, {@code Switch: "leaf-a" (0x0002c90000000001, LID 3)}, or {@code LID 7 (...)}. */
    public String heading() {
        if (node == null) {
            return String.format(Locale.ROOT, "LID %d (no sweep has seen this LID)", lid);
        }
        return String.format(Locale.ROOT, "%s: \"%s\" (0x%016x, LID %d)", node.nodeType(), node.description(),
                node.guid(), lid);
    }

    /**
     * Resolves what an operator typed, each one of: a LID in decimal ({@code 3}, as smp_mad_stress's {@code -L}),
     * a node or port GUID ({@code 0x0002c90000000001}), or a NodeDescription the sweep knows ({@code leaf-a}).
     * Two that reach the same LID are measured once.
     *
     * @throws IllegalArgumentException naming every target it could not resolve and what is accepted
     */
    public static List<MadsTarget> resolve(List<String> typed, List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
        if (typed == null || typed.isEmpty()) {
            throw new IllegalArgumentException("no target: " + ACCEPTED);
        }
        Map<Integer, MadsTarget> byLid = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (String t : typed) {
            try {
                MadsTarget target = one(t == null ? "" : t.trim(), nodes, ports);
                byLid.putIfAbsent(target.lid(), target);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems) + ". " + ACCEPTED);
        }
        return List.copyOf(byLid.values());
    }

    private static final int MAX_UNICAST_LID = 0xBFFF;
    static final String ACCEPTED = "A target is a LID in decimal (3), a node or port GUID (0x0002c90000000001), or a "
            + "NodeDescription the agent's sweep knows (leaf-a)";

    private static MadsTarget one(String t, List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
        if (t.isEmpty()) {
            throw new IllegalArgumentException("an empty target");
        }
        if (t.chars().allMatch(Character::isDigit)) {
            int lid = t.length() > 6 ? -1 : Integer.parseInt(t);
            if (lid < 1 || lid > MAX_UNICAST_LID) {
                throw new IllegalArgumentException("LID " + t + " is not a unicast LID (1.." + MAX_UNICAST_LID + ")");
            }
            NodeSnapshot node = nodes.stream().filter(n -> n.lid() == lid).findFirst()
                    .orElseGet(() -> ports.stream().filter(p -> p.lid() == lid).findFirst()
                            .flatMap(p -> nodes.stream().filter(n -> n.guid() == p.nodeGuid()).findFirst()).orElse(null));
            return of(t, lid, node, ports);
        }
        if (t.startsWith("0x") || t.startsWith("0X")) {
            long guid;
            try {
                guid = Long.parseUnsignedLong(t.substring(2), 16);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + t + "' is not a GUID (up to 16 hex digits after 0x)");
            }
            for (NodeSnapshot n : nodes) {
                if (n.guid() == guid || n.portGuid() == guid) {
                    return known(t, n, ports);
                }
            }
            for (PortSnapshot p : ports) {
                if (p.portGuid() == guid && p.lid() > 0) {
                    NodeSnapshot n = nodes.stream().filter(k -> k.guid() == p.nodeGuid()).findFirst().orElse(null);
                    return of(t, p.lid(), n, ports);
                }
            }
            throw new IllegalArgumentException("no node or port with GUID " + t + " in the agent's last sweep");
        }
        List<NodeSnapshot> named = nodes.stream().filter(n -> n.description().equals(t)).toList();
        if (named.isEmpty()) {
            named = nodes.stream().filter(n -> n.description().equalsIgnoreCase(t)).toList();
        }
        if (named.size() > 1) {
            throw new IllegalArgumentException("'" + t + "' names " + named.size() + " nodes: "
                    + named.stream().map(n -> String.format("0x%016x (LID %d)", n.guid(), n.lid())).toList()
                    + "; give the GUID or LID of one");
        }
        if (named.isEmpty()) {
            throw new IllegalArgumentException("no node named '" + t + "' in the agent's last sweep"
                    + (nodes.isEmpty() ? " (no sweep has run yet: give a LID)" : ""));
        }
        return known(t, named.get(0), ports);
    }

    private static MadsTarget known(String typed, NodeSnapshot n, List<PortSnapshot> ports) {
        if (n.lid() <= 0) {
            throw new IllegalArgumentException("'" + typed + "' (" + String.format("0x%016x", n.guid())
                    + ") has no LID yet; the SM assigns LIDs");
        }
        return of(typed, n.lid(), n, ports);
    }

    private static MadsTarget of(String typed, int lid, NodeSnapshot node, List<PortSnapshot> ports) {
        int port = 0;
        if (node != null && !"Switch".equals(node.nodeType())) {
            port = ports.stream().filter(p -> p.nodeGuid() == node.guid() && p.lid() == lid).mapToInt(PortSnapshot::port)
                    .findFirst().orElse(1);
        }
        return new MadsTarget(typed, lid, port, node);
    }
}
