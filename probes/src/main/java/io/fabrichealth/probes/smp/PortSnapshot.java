package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One port after a sweep, as the Port MBean shows it. PortInfo fields are raw IBA codes (see
 * {@code io.fabrichealth.probes.mad} for their names); -1 means no PortInfo was ever read.
 *
 * @param counters 64-bit accumulators per reported counter (unsigned): the first reading plus every non-negative
 *     delta since
 * @param deltas growth over the last interval per reported counter; 0 after a reset
 * @param lastSweep when the PortInfo was last read; null if never
 * @param countersAt when the counters were last read; null if never
 * @param answering the node answered in the last sweep (else the values are older)
 * @param sweptBy the name of the agent that swept it (empty for an unnamed single agent)
 */
public record PortSnapshot(long nodeGuid, int port, long portGuid, String nodeDescription, String nodeType, int lid,
        int portState, int physState, int linkWidthActive, int linkWidthEnabled, int linkWidthSupported,
        int linkSpeedActive, int linkSpeedEnabled, int linkSpeedSupported, int linkSpeedExtActive,
        int linkSpeedExtEnabled, int linkSpeedExtSupported, String linkSpeed, boolean degraded, String degradedRemark,
        Verdict health, List<String> reasons, Map<IbaCounter, Long> counters, Map<IbaCounter, Long> deltas,
        List<String> saturated, long counterResets, String countersProblem, long remoteGuid, int remotePort,
        Instant lastSweep, Instant countersAt, boolean answering, String sweptBy) {

    /** The alarm subject and display name: {@code 0x<node GUID>/<port>}. */
    public String subject() {
        return String.format("0x%016x/%d", nodeGuid, port);
    }
}
