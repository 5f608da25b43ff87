package io.fabrichealth.probes.smp.route;

import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * The cables and LIDs of one sweep, indexed for tracing: which port answers to a LID (a switch by its port 0), and
 * which port is at the other end of each cable. Built from published snapshots (this agent's and, in a fleet, the
 * other members'), so tracing never touches the sweep's own state.
 */
final class RouteTopology {
    /** A port of a node; port 0 of a switch stands for the switch. */
    record PortRef(long guid, int port) {
    }

    private final Map<Long, NodeSnapshot> nodes = new HashMap<>();
    private final Map<Integer, PortRef> byLid = new HashMap<>();
    private final Map<PortRef, Integer> caPortLids = new HashMap<>();
    private final Map<PortRef, PortRef> cables = new HashMap<>();
    private final Map<PortRef, Long> portGuids = new HashMap<>();
    private final long fingerprint;

    private RouteTopology(Collection<NodeSnapshot> allNodes, Collection<PortSnapshot> allPorts) {
        long f = 0;
        for (NodeSnapshot n : allNodes) {
            nodes.put(n.guid(), n);
            if (isSwitch(n) && n.lid() > 0) {
                byLid.put(n.lid(), new PortRef(n.guid(), 0));
            }
        }
        for (PortSnapshot p : allPorts) {
            NodeSnapshot n = nodes.get(p.nodeGuid());
            if (n != null && !isSwitch(n) && p.lid() > 0) {
                byLid.put(p.lid(), new PortRef(p.nodeGuid(), p.port()));
                caPortLids.put(new PortRef(p.nodeGuid(), p.port()), p.lid());
            }
            portGuids.put(new PortRef(p.nodeGuid(), p.port()), p.portGuid());
            if (p.remoteGuid() != 0) {
                cables.put(new PortRef(p.nodeGuid(), p.port()), new PortRef(p.remoteGuid(), p.remotePort()));
            }
            // Order-free, so the same fabric gives the same fingerprint whatever order the sweep found it in.
            f += mix(p.nodeGuid() * 31 + p.port(), p.lid(), p.remoteGuid() * 31 + p.remotePort(), p.portState());
        }
        fingerprint = f;
    }

    /** @param allPorts every port known, a port given twice counting once (the later wins) */
    static RouteTopology of(Collection<NodeSnapshot> allNodes, Collection<PortSnapshot> allPorts) {
        return new RouteTopology(allNodes, allPorts);
    }

    /**
     * Changes when a cable, a LID or a port's state changed: the subnet manager reroutes then, so every cached
     * forwarding block may be stale.
     */
    long fingerprint() {
        return fingerprint;
    }

    NodeSnapshot node(long guid) {
        return nodes.get(guid);
    }

    PortRef atLid(int lid) {
        return byLid.get(lid);
    }

    PortRef cableFrom(long guid, int port) {
        return cables.get(new PortRef(guid, port));
    }

    static boolean isSwitch(NodeSnapshot n) {
        return NodeType.SWITCH.display().equals(n.nodeType());
    }

    /** The GUID a hop shows for the port it enters by: a CA port's own, a switch's port 0's. */
    long portGuidOf(long guid, int port) {
        NodeSnapshot n = nodes.get(guid);
        if (n == null) {
            return 0;
        }
        Long own = isSwitch(n) ? null : portGuids.get(new PortRef(guid, port));
        return own != null && own != 0 ? own : n.portGuid();
    }

    /** The LID a hop shows: a switch's own, a CA port's own. */
    int lidOf(long guid, int port) {
        NodeSnapshot n = nodes.get(guid);
        if (n == null) {
            return 0;
        }
        if (isSwitch(n)) {
            return n.lid();
        }
        return caPortLids.getOrDefault(new PortRef(guid, port), n.lid());
    }

    private static long mix(long a, long b, long c, long d) {
        long h = a * 0x9E3779B97F4A7C15L;
        h = (h ^ (h >>> 29) ^ b) * 0xBF58476D1CE4E5B9L;
        h = (h ^ (h >>> 31) ^ c) * 0x94D049BB133111EBL;
        return h ^ (h >>> 32) ^ d;
    }
}
