package io.fabrichealth.probes.smp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A fleet of one in this JVM, for scenarios: owns the nodes it is told to, grants every claim but those "held
 * elsewhere", and keeps what the probe publishes. It checks the probe's use of claims: no node claimed twice by this
 * agent, and nothing claimed that is not owned.
 */
final class HalfShare implements SweepShare {
    final String name;
    volatile Set<Long> owned;
    volatile boolean discover;
    volatile List<FabricNode> published = List.of();
    final Set<Long> heldElsewhere = new HashSet<>();
    final Set<Long> heldHere = new LinkedHashSet<>();
    final List<String> problems = new ArrayList<>();
    List<NodeSnapshot> sweptNodes = List.of();
    List<PortSnapshot> sweptPorts = List.of();

    HalfShare(String name, Set<Long> owned, boolean discover) {
        this.name = name;
        this.owned = owned;
        this.discover = discover;
    }

    @Override
    public String self() {
        return name;
    }

    @Override
    public boolean discoverNow(long sweep) {
        return discover;
    }

    @Override
    public void publishNodes(List<FabricNode> nodes) {
        published = List.copyOf(nodes);
    }

    @Override
    public List<FabricNode> nodes() {
        return published;
    }

    @Override
    public boolean owns(long guid) {
        return owned.contains(guid);
    }

    @Override
    public synchronized Set<Long> claim(Collection<Long> guids, Duration ttl) {
        Set<Long> granted = new HashSet<>();
        for (long g : guids) {
            if (!owned.contains(g)) {
                problems.add("claimed a node it does not own: " + g);
            }
            if (!heldHere.add(g)) {
                problems.add("claimed twice: " + g);
            }
            if (heldElsewhere.contains(g)) {
                heldHere.remove(g);
            } else {
                granted.add(g);
            }
        }
        return granted;
    }

    @Override
    public synchronized void release(Collection<Long> guids) {
        heldHere.removeAll(guids);
    }

    @Override
    public synchronized void publishSwept(List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
        sweptNodes = nodes;
        sweptPorts = ports;
    }

    @Override
    public List<NodeSnapshot> othersNodes() {
        return List.of();
    }

    @Override
    public List<PortSnapshot> othersPorts() {
        return List.of();
    }
}
