package io.fabrichealth.probes.smp.fabric;

import io.fabrichealth.probes.mad.DrPath;
import io.fabrichealth.probes.mad.PhysState;
import io.fabrichealth.probes.smp.FabricNode;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything the sweeps have learnt: nodes by GUID, their ports and counters. Nodes stay known when they stop
 * answering, so a node that vanishes keeps being asked for (by LID) and raises MadTimeouts instead of silently
 * dropping out. Written by the sweep thread only; readers get snapshots from the probe.
 */
public final class FabricMap {
    private final Map<Long, KnownNode> nodes = new LinkedHashMap<>();
    private final Map<DrPath, Long> guidAtPath = new HashMap<>();
    private final Map<Long, DrPath> pathTo = new HashMap<>();
    /** No full walk yet, or a steady-state sweep found a directed route that no longer leads where it did. */
    private boolean walkNeeded = true;

    public Collection<KnownNode> nodes() {
        return Collections.unmodifiableCollection(nodes.values());
    }

    public KnownNode node(long guid) {
        return nodes.get(guid);
    }

    /** The port at the other end of {@code port} of {@code node}, or null. */
    public KnownPort remoteOf(KnownPort port) {
        KnownNode remote = nodes.get(port.remoteGuid());
        return remote == null ? null : remote.port(port.remotePort());
    }

    /**
     * Learns nodes another member's discovery published: their LIDs, descriptions and cables. What this agent read
     * itself wins: a description it has is kept, and a port it last saw without LinkUp gets no cable.
     */
    public void learn(Collection<FabricNode> published) {
        for (FabricNode n : published) {
            KnownNode k = nodeOrCreate(n.guid());
            k.published(n);
            for (FabricNode.FabricLink l : n.links()) {
                KnownPort p = k.portOrCreate(l.port());
                p.published(l);
                if (p.info() == null || p.info().physState() == PhysState.LINK_UP) {
                    p.linkTo(l.remoteGuid(), l.remotePort());
                }
            }
        }
    }

    KnownNode nodeOrCreate(long guid) {
        return nodes.computeIfAbsent(guid, KnownNode::new);
    }

    /** The node a directed route led to in the last sweep that took it, or null. */
    Long guidAt(DrPath path) {
        return guidAtPath.get(path);
    }

    void remember(DrPath path, long guid) {
        guidAtPath.put(path, guid);
        DrPath known = pathTo.get(guid);
        if (known == null || path.hopCount() < known.hopCount() || guidAtPath.get(known) != guid) {
            pathTo.put(guid, path);
        }
    }

    /**
     * Whether the next sweep must walk the whole fabric instead of a steady-state sweep: before the first full walk,
     * and after a steady-state sweep reached a known node by LID only (its directed route broke: a cable on it went
     * down, so the walk's routes are stale).
     */
    public boolean walkNeeded() {
        return walkNeeded;
    }

    void walkNeeded(boolean needed) {
        walkNeeded = needed;
    }

    /** The shortest directed route a walk of this agent's took to the node, or null if none ever did. */
    public DrPath pathTo(long guid) {
        DrPath p = pathTo.get(guid);
        return p != null && Long.valueOf(guid).equals(guidAtPath.get(p)) ? p : null;
    }
}
