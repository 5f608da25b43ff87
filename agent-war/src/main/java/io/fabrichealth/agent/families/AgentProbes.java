package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.PeerConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.EachTarget;
import io.fabrichealth.probes.Probe;
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
public final class AgentProbes implements ProbeCatalog {
    private final Map<ProbeFamily, BiFunction<PeerConfig, FabricHealthConfig, Probe>> perPeer = new EnumMap<>(ProbeFamily.class);
    private final Map<ProbeFamily, Probe> whole = new EnumMap<>(ProbeFamily.class);
    private final Map<ProbeFamily, String> unavailable = new EnumMap<>(ProbeFamily.class);

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
        List<Probe> probes = config.targetsOf(schedule).stream().map(p -> factory.apply(p, config)).toList();
        return probes.size() == 1 ? probes.get(0) : new EachTarget(family, probes);
    }

    private record Unsupported(ProbeFamily family, String why) implements Probe {
        @Override
        public ProbeResult check() {
            return new ProbeResult(ProbeResult.Status.UNSUPPORTED, why, Instant.now(), Duration.ZERO);
        }
    }
}
