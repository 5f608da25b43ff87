package io.fabrichealth.agent;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ProbeKind;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.schedules.ProbeCatalog;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/** Which probe serves each schedule. A family this build cannot run answers UNSUPPORTED and says why. */
final class AgentProbes implements ProbeCatalog {
    private final Map<ProbeKind, Probe> probes = new EnumMap<>(ProbeKind.class);

    void put(ProbeKind kind, Probe probe) {
        probes.put(kind, probe);
    }

    @Override
    public Probe probeFor(ScheduleConfig schedule, FabricHealthConfig config) {
        Probe p = probes.get(schedule.probe());
        return p != null ? p : new Unsupported(family(schedule.probe()));
    }

    static ProbeFamily family(ProbeKind kind) {
        return switch (kind) {
            case SMP_SWEEP -> ProbeFamily.SMP_SWEEP;
            case BURSTS -> ProbeFamily.BURSTS;
            case PINGPONG -> ProbeFamily.PINGPONG;
        };
    }

    private record Unsupported(ProbeFamily family) implements Probe {
        @Override
        public ProbeResult check() {
            return new ProbeResult(ProbeResult.Status.UNSUPPORTED, family.configName()
                    + " probes are not available in this agent build", Instant.now(), Duration.ZERO);
        }
    }
}
