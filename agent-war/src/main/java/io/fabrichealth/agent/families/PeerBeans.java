package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PeerConfig;
import io.fabrichealth.config.ProbeFamily;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Keeps one family's per-peer MBeans in step with the peers its schedules aim at: the static peers' appear at
 * start (and at a reload that adds some) and stay; a fleet peer's appear when the fleet draws it and go when it
 * is dropped. Called from the fleet's thread and the reload thread; the MBeans themselves guard against a run
 * that is still going when its peer is dropped.
 */
final class PeerBeans {
    private final ProbeFamily family;
    private final AgentProbes probes;
    private final BiFunction<PeerConfig, FabricHealthConfig, HostPort> address;
    private final Consumer<HostPort> add;
    private final Consumer<HostPort> remove;
    private final Set<HostPort> shown = new HashSet<>();
    /** Shown only because the fleet drew them: the ones that may go again. */
    private final Set<HostPort> drawn = new HashSet<>();
    private FabricHealthConfig config;

    /**
     * @param address where a peer is probed for this family, given the config (bursts: its address; ping-pong:
     *                its pingpong address)
     */
    PeerBeans(ProbeFamily family, AgentProbes probes, FabricHealthConfig config,
            BiFunction<PeerConfig, FabricHealthConfig, HostPort> address, Consumer<HostPort> add,
            Consumer<HostPort> remove) {
        this.family = family;
        this.probes = probes;
        this.config = config;
        this.address = address;
        this.add = add;
        this.remove = remove;
        sync();
        probes.peers().addListener(peers -> sync());
    }

    /** A reloaded config: its schedules and static peers decide from now on. */
    synchronized void configure(FabricHealthConfig next) {
        config = next;
        sync();
    }

    synchronized void sync() {
        Set<HostPort> wanted = addresses(probes.peersOf(family, config));
        Set<HostPort> fixed = addresses(AgentProbes.staticPeersOf(family, config));
        for (HostPort a : wanted) {
            if (shown.add(a)) {
                add.accept(a);
                if (!fixed.contains(a)) {
                    drawn.add(a);
                }
            }
        }
        drawn.removeAll(fixed); // a fleet peer that became static stays
        for (HostPort a : List.copyOf(drawn)) {
            if (!wanted.contains(a)) {
                drawn.remove(a);
                shown.remove(a);
                remove.accept(a);
            }
        }
    }

    private Set<HostPort> addresses(List<PeerConfig> peers) {
        Set<HostPort> out = new LinkedHashSet<>();
        peers.forEach(p -> out.add(address.apply(p, config)));
        return out;
    }
}
