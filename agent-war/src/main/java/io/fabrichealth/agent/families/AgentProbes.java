package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.PeerConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.EachTarget;
import io.fabrichealth.probes.PeerSource;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.pingpong.PeerRun;
import io.fabrichealth.probes.pingpong.PingPongListener;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.smp.route.PathWatch;
import io.fabrichealth.schedules.ProbeCatalog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/**
 * Which probe serves each schedule, built per run from the schedule's targets as they resolve now: the static
 * {@code peers:} of the config plus the peers the fleet drew ({@link PeerSource}). A family this agent cannot
 * run (its native library is missing, or it is not built in) answers UNSUPPORTED with the reason.
 */
public final class AgentProbes implements ProbeCatalog {
    private final Map<ProbeFamily, BiFunction<PeerConfig, FabricHealthConfig, Probe>> perPeer = new EnumMap<>(ProbeFamily.class);
    private final Map<ProbeFamily, Probe> whole = new EnumMap<>(ProbeFamily.class);
    private final Map<ProbeFamily, String> unavailable = new EnumMap<>(ProbeFamily.class);
    private final PeerSource peers;
    private final List<PingPongListener> pingPongListeners = new CopyOnWriteArrayList<>();
    private volatile PathWatch paths = PathWatch.NONE;

    /** A single agent: static peers only, as in wave 1. */
    public AgentProbes() {
        this(PeerSource.NONE);
    }

    /** @param peers the peers the fleet draws for this agent ({@link PeerSource#NONE} without a fleet) */
    public AgentProbes(PeerSource peers) {
        this.peers = peers;
    }

    public PeerSource peers() {
        return peers;
    }

    /** How the data-path probes learn their path through the fabric: the SMP wiring sets it, when it runs. */
    public PathWatch paths() {
        return paths;
    }

    void paths(PathWatch watch) {
        this.paths = watch;
    }

    /**
     * Tells {@code listener} of every ping-pong run from now on, before or after the ping-pong family is wired:
     * {@link PingPongListener#onPeer} gives one row of the fleet's peer matrix per run against a named peer.
     */
    public void addPingPongListener(PingPongListener listener) {
        pingPongListeners.add(listener);
    }

    /** What the ping-pong wiring registers on its service: forwards to every listener added here. */
    PingPongListener pingPongListeners() {
        return new PingPongListener() {
            @Override
            public void onResult(PingPongResult result) {
                pingPongListeners.forEach(l -> l.onResult(result));
            }

            @Override
            public void onPeer(PeerRun run) {
                pingPongListeners.forEach(l -> l.onPeer(run));
            }
        };
    }

    /** A probe aimed at one peer at a time (bursts, ping-pongs). */
    public void perPeer(ProbeFamily family, BiFunction<PeerConfig, FabricHealthConfig, Probe> factory) {
        perPeer.put(family, factory);
    }

    /** A probe with no peers (the SMP sweep covers the fabric). */
    public void whole(ProbeFamily family, Probe probe) {
        whole.put(family, probe);
    }

    public void unavailable(ProbeFamily family, String why) {
        unavailable.put(family, why);
    }

    @Override
    public Probe probeFor(ScheduleConfig schedule, FabricHealthConfig config) {
        ProbeFamily family = schedule.probe();
        if (whole.containsKey(family)) {
            return whole.get(family);
        }
        var factory = perPeer.get(family);
        if (factory == null) {
            return new Unsupported(family, unavailable.getOrDefault(family,
                    family.configName() + " probes are not available in this agent build"));
        }
        List<Probe> probes = targetsOf(schedule, config).stream().map(t -> t.peer() == null
                ? new NotDrawn(family, schedule.name(), t.name()) : factory.apply(t.peer(), config)).toList();
        return probes.size() == 1 ? probes.get(0) : new EachTarget(family, probes);
    }

    /** A target of a schedule: a peer, or (peer null) a name that is neither static nor drawn by the fleet now. */
    public record Target(String name, PeerConfig peer) {
    }

    /**
     * What a bursts or pingpong schedule aims at now. Empty targets: every static peer plus every peer the fleet
     * drew, each name once (a static peer wins over a drawn one of the same name); {@code self} when both are
     * empty. Named targets: {@code self}, a static peer, or a drawn one. smp-sweep schedules: none.
     */
    public List<Target> targetsOf(ScheduleConfig schedule, FabricHealthConfig config) {
        return targetsOf(schedule, config, peers.peers());
    }

    private static List<Target> targetsOf(ScheduleConfig schedule, FabricHealthConfig config, List<PeerConfig> drawn) {
        if (schedule.probe() == ProbeFamily.SMP_SWEEP) {
            return List.of();
        }
        Map<String, PeerConfig> known = new LinkedHashMap<>();
        config.peers().forEach(p -> known.putIfAbsent(p.name(), p));
        for (PeerConfig p : drawn) {
            if (!p.name().equals(PeerConfig.SELF)) {
                known.putIfAbsent(p.name(), p);
            }
        }
        List<Target> out = new ArrayList<>();
        if (schedule.targets().isEmpty()) {
            if (known.isEmpty()) {
                return List.of(new Target(PeerConfig.SELF, self(config)));
            }
            known.forEach((name, p) -> out.add(new Target(name, p)));
            return List.copyOf(out);
        }
        for (String name : schedule.targets()) {
            out.add(new Target(name, name.equals(PeerConfig.SELF) ? self(config) : known.get(name)));
        }
        return List.copyOf(out);
    }

    /** The peers every schedule of the family aims at now, each once: the ones that get MBeans. */
    public List<PeerConfig> peersOf(ProbeFamily family, FabricHealthConfig config) {
        return peersOf(family, config, peers.peers());
    }

    /**
     * The peers the family's schedules would aim at with no fleet: static ones and self. Unlike
     * FabricHealthConfig.peersOf it skips names only the fleet can supply.
     */
    static List<PeerConfig> staticPeersOf(ProbeFamily family, FabricHealthConfig config) {
        return peersOf(family, config, List.of());
    }

    private static List<PeerConfig> peersOf(ProbeFamily family, FabricHealthConfig config, List<PeerConfig> drawn) {
        return config.schedules().stream().filter(s -> s.probe() == family)
                .flatMap(s -> targetsOf(s, config, drawn).stream()).map(Target::peer)
                .filter(java.util.Objects::nonNull).distinct().toList();
    }

    /** This agent's own listeners, as FabricHealthConfig.targetsOf names them. */
    private static PeerConfig self(FabricHealthConfig config) {
        return new PeerConfig(PeerConfig.SELF, config.bursts().listen(), config.pingpong().listen());
    }

    private record Unsupported(ProbeFamily family, String why) implements Probe {
        @Override
        public ProbeResult check() {
            return new ProbeResult(ProbeResult.Status.UNSUPPORTED, why, Instant.now(), Duration.ZERO);
        }
    }

    /** A named peer the fleet has not drawn (yet, or any more): skipped, never failed, until it is drawn again. */
    private record NotDrawn(ProbeFamily family, String schedule, String name) implements Probe {
        @Override
        public ProbeResult check() {
            return new ProbeResult(ProbeResult.Status.SKIPPED, "schedule " + schedule + " names peer " + name
                    + ", which is neither in peers: nor drawn by the fleet now; skipped", Instant.now(), Duration.ZERO);
        }
    }
}
