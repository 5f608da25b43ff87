package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.ProbeResult;
import java.time.Instant;
import java.util.List;

/**
 * One ping-pong probe run against one named peer, over every configured transport: a row of the fleet's peer
 * matrix (this agent -> {@code peer}).
 *
 * @param peer         the peer's name (PeerConfig.name: a member's agent name for fleet peers, or {@code self})
 * @param address      its ping-pong responder
 * @param status       the run's outcome, as the schedule records it (PASS, FAIL, UNSUPPORTED, SKIPPED)
 * @param rttP50Micros the median round trip of the first transport that got acks, in microseconds; -1 when none did
 * @param corruptions  corrupted payloads found by either side, over every transport
 * @param at           when the run started
 */
public record PeerRun(String peer, HostPort address, ProbeResult.Status status, double rttP50Micros,
        long corruptions, Instant at) {

    static PeerRun of(String peer, HostPort address, ProbeResult.Status status, List<PingPongResult> results,
            Instant at) {
        double p50 = results.stream().mapToDouble(r -> r.stats().rttP50Micros()).filter(v -> v >= 0).findFirst()
                .orElse(-1);
        long corruptions = results.stream().mapToLong(PingPongResult::corruptionCount).sum();
        return new PeerRun(peer, address, status, p50, corruptions, at);
    }
}
