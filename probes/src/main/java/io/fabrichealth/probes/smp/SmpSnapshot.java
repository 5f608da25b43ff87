package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.smp.engine.EngineSettings;
import io.fabrichealth.probes.smp.engine.EngineStats;
import io.fabrichealth.probes.smp.engine.RttSummary;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything the SMP sweep knows after its last run: immutable, published once per sweep, read by the MBeans
 * without ever blocking a sweep.
 *
 * @param sweeps sweeps run so far
 * @param lastSweepAt end of the last sweep; null before the first
 * @param sweepDurationMillis length of the last sweep; -1 before the first
 * @param lastGoodSweepAt end of the last sweep in which the agent's own node answered; null if none
 * @param silentNodes known nodes that answered nothing in the last sweep
 * @param madsFailedLastSweep requests of the last sweep that ended without an answer
 * @param mode {@code discovery} (walk the fabric), {@code steady} (alone, after a walk: PortInfo and counters of
 *     the known nodes, walking only where the topology moved), {@code rediscovery} (a fleet discovery owner's walk of
 *     a slice), {@code owned} (a fleet member's sweep by LID of the nodes it owns) or {@code targets} (the
 *     configured list only)
 * @param lastError why the last sweep could not run; empty when it ran
 * @param notes things the operator should know about the configuration
 * @param madsSentByNode MADs this agent has sent to each node it knows (node GUID to count, retries included),
 *     also to nodes another member sweeps (a discovery's directed-route MADs): each agent's share of a node's load
 */
public record SmpSnapshot(long sweeps, Instant lastSweepAt, long sweepDurationMillis, Instant lastGoodSweepAt,
        int linksSeen, int silentNodes, int madsFailedLastSweep, String mode, EngineSettings settings,
        EngineStats engine, List<NodeSnapshot> nodes, List<PortSnapshot> ports, String lastError, List<String> notes,
        Map<Long, Long> madsSentByNode) {

    public static final SmpSnapshot EMPTY = new SmpSnapshot(0, null, -1, null, 0, 0, 0, "discovery",
            EngineSettings.DEFAULTS, new EngineStats(0, 0, 0, 0, 0, 0, 0, 0, 0, RttSummary.EMPTY, Map.of()),
            List.of(), List.of(), "", List.of(), Map.of());

    public int nodesSeen() {
        return nodes.size();
    }

    public int portsSeen() {
        return ports.size();
    }

    /** The same sweep with the engine's counters as they are now (after MADs sent between sweeps). */
    public SmpSnapshot withEngine(EngineSettings nowSettings, EngineStats now) {
        return new SmpSnapshot(sweeps, lastSweepAt, sweepDurationMillis, lastGoodSweepAt, linksSeen, silentNodes,
                madsFailedLastSweep, mode, nowSettings, now, nodes, ports, lastError, notes, madsSentByNode);
    }

    public SmpSnapshot withError(String error) {
        return new SmpSnapshot(sweeps, lastSweepAt, sweepDurationMillis, lastGoodSweepAt, linksSeen, silentNodes,
                madsFailedLastSweep, mode, settings, engine, nodes, ports, error, notes, madsSentByNode);
    }
}
