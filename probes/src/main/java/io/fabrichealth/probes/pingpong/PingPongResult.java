package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.Transport;
import io.fabrichealth.probes.smp.route.PathEvidence;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One run against one peer over one transport.
 *
 * @param transport      the configured transport
 * @param transportInUse what the kernel or provider actually used ("tcp", "infiniband", "tcp MSG", ...)
 * @param reachable      whether the peer answered this run (negotiated, acked something, returned its counts)
 * @param corruptions    details of the first corrupted payloads seen on either side (at most {@link #SHOWN})
 * @param counters       transport counters of both sides in their tool's names (verbs: /proc/krping's)
 * @param rds            RDS runs: this host's kernel RDS counters over the run and credit flow control;
 *                       {@link RdsCredits#NONE} otherwise
 * @param path           the run's path through the fabric and what moved on it; {@link PathEvidence#NONE} when none
 *                       was watched
 */
public record PingPongResult(String peer, Transport transport, Outcome outcome, String reason, Instant at,
        PingPongStats stats, ResponderCounts responder, String transportInUse, boolean reachable,
        List<String> corruptions, Map<String, Long> counters, RdsCredits rds, PathEvidence path) {

    /** A result as a run makes it, before its path is known. */
    public PingPongResult(String peer, Transport transport, Outcome outcome, String reason, Instant at,
            PingPongStats stats, ResponderCounts responder, String transportInUse, boolean reachable,
            List<String> corruptions, Map<String, Long> counters, RdsCredits rds) {
        this(peer, transport, outcome, reason, at, stats, responder, transportInUse, reachable, corruptions, counters,
                rds, PathEvidence.NONE);
    }

    public static final int SHOWN = 8;

    public enum Outcome {
        OK, FAIL, UNREACHABLE,
        /** This host cannot run the transport (its own capability check). */
        UNSUPPORTED,
        /** The peer said, in a control frame that passed its CRC, that it cannot serve the transport. */
        REFUSED;

        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static PingPongResult notRun(String peer, Transport transport, Outcome outcome, String reason, Instant at) {
        return new PingPongResult(peer, transport, outcome, reason, at, PingPongStats.NONE, ResponderCounts.NONE, "",
                outcome != Outcome.UNREACHABLE, List.of(), Map.of(), RdsCredits.NONE);
    }

    /** This result with the kernel's RDS counters over the run. */
    public PingPongResult with(RdsCredits credits) {
        return new PingPongResult(peer, transport, outcome, reason, at, stats, responder, transportInUse, reachable,
                corruptions, counters, credits, path);
    }

    /** This result with its path's evidence. */
    public PingPongResult with(PathEvidence onPath) {
        return new PingPongResult(peer, transport, outcome, reason, at, stats, responder, transportInUse, reachable,
                corruptions, counters, rds, onPath);
    }

    /** Corrupted payloads found by either side. */
    public long corruptionCount() {
        return stats.corruptions() + responder.corrupt();
    }

    public String summary() {
        String credits = rds.line();
        return summaryOfRun() + (credits.isEmpty() ? "" : "; " + credits);
    }

    private String summaryOfRun() {
        String head = peer + " over " + PingPongService.name(transport) + (transportInUse.isEmpty() ? "" : " (" + transportInUse + ")")
                + ": " + outcome.text();
        if (outcome == Outcome.UNSUPPORTED || outcome == Outcome.REFUSED || outcome == Outcome.UNREACHABLE && stats.sent() == 0) {
            return head + ", " + reason;
        }
        return head + (reason.isEmpty() ? "" : ", " + reason) + "; " + stats.line();
    }
}
