package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.smp.engine.RttSummary;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;

/**
 * One node after a sweep, as the Node MBean shows it.
 *
 * @param route how the last sweep reached it: {@code DR 0,1,3} or {@code LID 5}
 * @param answering it answered at least one MAD in the last sweep
 * @param failuresLastSweep its requests that ended without an answer in the last sweep
 * @param health the worst verdict of its ports
 * @param madsSent MADs the sweeping agent has sent to it since it started, retries included (summed over a fleet's
 *     agents, the load the node carries)
 * @param sweptBy the name of the agent that swept it (empty for an unnamed single agent)
 */
public record NodeSnapshot(long guid, String nodeType, String description, int numPorts, int lid, long portGuid,
        long systemImageGuid, int vendorId, int deviceId, String route, boolean local, boolean answering,
        Instant lastAnswered, int failuresLastSweep, RttSummary rtt, Verdict health, long madsSent, String sweptBy) {

    public String subject() {
        return String.format("0x%016x", guid);
    }
}
