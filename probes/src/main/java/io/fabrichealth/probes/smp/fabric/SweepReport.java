package io.fabrichealth.probes.smp.fabric;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one sweep did; the {@link FabricMap} holds what it learnt.
 *
 * @param answered nodes that answered at least one MAD
 * @param silent known nodes that answered none (each is a MadTimeouts observation)
 * @param freshPorts ports whose PortInfo was read in this sweep
 * @param wasActive for each fresh port, whether it had been Active before this sweep
 * @param resets for ports whose counters went down, what went down
 * @param links the links discovery walked (none in explicit-target mode)
 * @param madsFailed requests that ended without an answer
 * @param rewalked in a steady-state sweep, the ports walked through because the topology moved behind them; 0 in
 *     the other modes
 */
public record SweepReport(Instant at, Duration took, Set<Long> answered, Set<Long> silent, Set<KnownPort> freshPorts,
        Map<KnownPort, Boolean> wasActive, Map<KnownPort, List<String>> resets, List<Link> links, int madsFailed,
        List<String> problems, int rewalked) {
}
