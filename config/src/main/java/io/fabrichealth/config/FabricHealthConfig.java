package io.fabrichealth.config;

import io.fabrichealth.config.bind.Unbound;
import io.fabrichealth.config.bind.YamlRenderer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The whole agent configuration, one YAML file. Every section is optional; {@link #DEFAULTS} equals the
 * embedded {@code default.yaml} (a test holds them together), so an empty file gives the embedded default.
 *
 * @param source where this came from: the file's absolute path or {@code embedded:default.yaml}
 */
public record FabricHealthConfig(
        @Unbound String source,
        AgentConfig agent,
        HttpConfig http,
        JmxConfig jmx,
        FabricConfig fabric,
        SimulationConfig simulation,
        SmpConfig smp,
        List<PeerConfig> peers,
        BurstsConfig bursts,
        PingPongConfig pingpong,
        List<ScheduleConfig> schedules,
        BudgetConfig budget,
        AlarmsConfig alarms,
        FleetConfig fleet,
        LocalConfig local) {

    public static final FabricHealthConfig DEFAULTS = new FabricHealthConfig(ConfigLoader.DEFAULT_SOURCE,
            AgentConfig.DEFAULTS, HttpConfig.DEFAULTS, JmxConfig.DEFAULTS, FabricConfig.DEFAULTS,
            SimulationConfig.DEFAULTS, SmpConfig.DEFAULTS, List.of(), BurstsConfig.DEFAULTS, PingPongConfig.DEFAULTS,
            List.of(every("smp-sweep", ProbeFamily.SMP_SWEEP, Duration.ofSeconds(30)),
                    every("bursts", ProbeFamily.BURSTS, Duration.ofSeconds(600)),
                    every("pingpong", ProbeFamily.PINGPONG, Duration.ofSeconds(60))),
            BudgetConfig.DEFAULTS, AlarmsConfig.DEFAULTS, FleetConfig.DEFAULTS, LocalConfig.DEFAULTS);

    public FabricHealthConfig withSource(String newSource) {
        return new FabricHealthConfig(newSource, agent, http, jmx, fabric, simulation, smp, peers, bursts, pingpong,
                schedules, budget, alarms, fleet, local);
    }

    /** Block-style YAML of every setting (defaults included) that {@link ConfigLoader#parse} reads back equal. */
    public String toYaml() {
        return new YamlRenderer(ConfigScalars.TYPES).toYaml(this);
    }

    public Optional<PeerConfig> peer(String name) {
        return peers.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * The peers a bursts or pingpong schedule aims at. {@code self} (written, or implied by empty targets when
     * there are no peers) becomes a peer named {@code self} at this agent's own listen address for that probe,
     * so a single host probes its own loopback target. smp-sweep schedules have no peers: the empty list.
     */
    /** The peers every schedule of the family aims at, each once (a peer may appear in several schedules). */
    public List<PeerConfig> peersOf(ProbeFamily family) {
        return schedules.stream().filter(s -> s.probe() == family).flatMap(s -> targetsOf(s).stream()).distinct()
                .toList();
    }

    public List<PeerConfig> targetsOf(ScheduleConfig schedule) {
        if (schedule.probe() == ProbeFamily.SMP_SWEEP) {
            return List.of();
        }
        PeerConfig self = new PeerConfig(PeerConfig.SELF, bursts.listen(), pingpong.listen());
        if (schedule.targets().isEmpty()) {
            return peers.isEmpty() ? List.of(self) : peers;
        }
        List<PeerConfig> out = new ArrayList<>();
        for (String name : schedule.targets()) {
            out.add(name.equals(PeerConfig.SELF) ? self : peer(name).orElseThrow(() -> new IllegalArgumentException(
                    "Schedule " + schedule.name() + " names unknown peer " + name + "; load configs with ConfigLoader")));
        }
        return List.copyOf(out);
    }

    private static ScheduleConfig every(String name, ProbeFamily probe, Duration interval) {
        return new ScheduleConfig(name, probe, interval, null, ScheduleConfig.DEFAULTS.jitter(), List.of(), true);
    }
}
