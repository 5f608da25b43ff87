package io.fabrichealth.bench.smp;

import io.fabrichealth.probes.smp.FabricNode;
import io.fabrichealth.probes.smp.NodeSnapshot;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.SweepShare;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * A single agent whose next sweep the bench chooses: a full walk (as {@link SweepShare#walkingAlone}) or a
 * steady-state sweep (as {@link SweepShare#ALONE}). One probe must do both, since umad2sim gives a process one
 * agent per class.
 */
final class SweepChoice implements SweepShare {
    private static final SweepShare ALONE = SweepShare.ALONE;
    volatile boolean steady;

    @Override
    public boolean alone() {
        return steady;
    }

    @Override
    public String self() {
        return ALONE.self();
    }

    @Override
    public boolean discoverNow(long sweep) {
        return ALONE.discoverNow(sweep);
    }

    @Override
    public void publishNodes(List<FabricNode> nodes) {
        ALONE.publishNodes(nodes);
    }

    @Override
    public List<FabricNode> nodes() {
        return ALONE.nodes();
    }

    @Override
    public boolean owns(long guid) {
        return ALONE.owns(guid);
    }

    @Override
    public Set<Long> claim(Collection<Long> guids, Duration ttl) {
        return ALONE.claim(guids, ttl);
    }

    @Override
    public void release(Collection<Long> guids) {
        ALONE.release(guids);
    }

    @Override
    public void publishSwept(List<NodeSnapshot> nodes, List<PortSnapshot> ports) {
        ALONE.publishSwept(nodes, ports);
    }

    @Override
    public List<NodeSnapshot> othersNodes() {
        return ALONE.othersNodes();
    }

    @Override
    public List<PortSnapshot> othersPorts() {
        return ALONE.othersPorts();
    }
}
