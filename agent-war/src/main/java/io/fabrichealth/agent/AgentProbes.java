package io.fabrichealth.agent;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.PeerConfig;
import io.fabrichealth.config.ProbeKind;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.EachTarget;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.schedules.ProbeCatalog;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Which probe serves each schedule, built per run from the schedule's resolved targets. A family this agent
 * cannot run (its native library is missing, or it is not built in) answers UNSUPPORTED with the reason.
 */
final class AgentProbes implements ProbeCatalog {
    private final Map<ProbeKind, BiFunction<PeerConfig, FabricHealthConfig, Probe>> perPeer = new EnumMap<>(ProbeKind.class);
    private final Map<ProbeKind, Probe> whole = new EnumMap<>(ProbeKind.class);
    private final Map<ProbeKind, String> unavailable = new EnumMap<>(ProbeKind.class);

    /** A probe aimed at one peer at a time (bursts, ping-pongs). */
    void perPeer(ProbeKind kind, BiFunction<PeerConfig, FabricHealthConfig, Probe> factory) {
        perPeer.put(kind, factory);
    }

    /** A probe with no peers (the SMP sweep covers the fabric). */
    void whole(ProbeKind kind, Probe probe) {
        whole.put(kind, probe);
    }

    void unavailable(ProbeKind kind, String why) {
        unavailable.put(kind, why);
    }

    @Override
    public Probe probeFor(ScheduleConfig schedule, FabricHealthConfig config) {
        ProbeKind kind = schedule.probe();
        if (whole.containsKey(kind)) {
            return whole.get(kind);
        }
        var factory = perPeer.get(kind);
        if (factory == null) {
            return new Unsupported(family(kind), unavailable.getOrDefault(kind,
                    family(kind).configName() + " probes are not available in this agent build"));
        }
        List<Probe> probes = config.targetsOf(schedule).stream().map(p -> factory.apply(p, config)).toList();
        return probes.size() == 1 ? probes.get(0) : new EachTarget(family(kind), probes);
    }

    static ProbeFamily family(ProbeKind kind) {
        return switch (kind) {
            case SMP_SWEEP -> ProbeFamily.SMP_SWEEP;
            case BURSTS -> ProbeFamily.BURSTS;
            case PINGPONG -> ProbeFamily.PINGPONG;
        };
    }

    private record Unsupported(ProbeFamily family, String why) implements Probe {
        @Override
        public ProbeResult check() {
            return new ProbeResult(ProbeResult.Status.UNSUPPORTED, why, Instant.now(), Duration.ZERO);
        }
    }
}
