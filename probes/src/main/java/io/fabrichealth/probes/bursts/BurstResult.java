package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.probes.smp.route.PathEvidence;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * One test, a parameter set in a phase, run against one peer.
 *
 * @param peer     host:port of the target
 * @param reason   why it failed or is unsupported; empty when ok
 * @param bytes    payload bytes moved and verified
 * @param ops      RMA operations completed
 * @param duration from the first operation to the last verification (cancel: until every cancelled operation was
 *                 reported and what arrived was verified)
 * @param capped   the burst stopped at bursts.maxDuration before it had moved bursts.maxBytes, so its duration
 *                 compares with the default's only per byte
 * @param facts    how it ran: provider, endpoint type, segments, window, mr_mode, the FI_* environment...
 * @param path     its path through the fabric and what moved on it; {@link PathEvidence#NONE} when none was watched
 */
public record BurstResult(String peer, BurstPhase phase, BurstSet set, Outcome outcome, String reason, long bytes,
        long ops, Duration duration, boolean capped, Instant at, Map<String, String> facts, PathEvidence path) {

    /** A result as a test makes it, before its path is known. */
    public BurstResult(String peer, BurstPhase phase, BurstSet set, Outcome outcome, String reason, long bytes,
            long ops, Duration duration, boolean capped, Instant at, Map<String, String> facts) {
        this(peer, phase, set, outcome, reason, bytes, ops, duration, capped, at, facts, PathEvidence.NONE);
    }

    /** This result with its path's evidence. */
    public BurstResult with(PathEvidence onPath) {
        return new BurstResult(peer, phase, set, outcome, reason, bytes, ops, duration, capped, at, facts, onPath);
    }

    public enum Outcome {
        OK, FAIL, UNSUPPORTED, SKIPPED;

        /** ok, fail, unsupported, skipped: as the MBeans and the table print it. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** {@code put cacheless,reregister}. */
    public String testName() {
        return phase.text() + " " + set;
    }

    public double throughputBytesPerSecond() {
        long nanos = duration.toNanos();
        return nanos <= 0 ? 0 : bytes * 1e9 / nanos;
    }

    public double opsPerSecond() {
        long nanos = duration.toNanos();
        return nanos <= 0 ? 0 : ops * 1e9 / nanos;
    }

    /** The fact a target's refusal leaves: {@link #BUSY} or {@link #BUDGET}. */
    public static final String REFUSED = "refused";
    public static final String BUSY = "busy";
    public static final String BUDGET = "budget";

    /** SKIPPED because the target refused: busy with another initiator, or its budget spent. */
    public static BurstResult refused(String peer, BurstPlan plan, boolean busy, String reason, Instant at) {
        return new BurstResult(peer, plan.phase(), plan.set(), Outcome.SKIPPED, reason, 0, 0, Duration.ZERO, false, at,
                Map.of(REFUSED, busy ? BUSY : BUDGET));
    }

    /** The target refused this set (see {@link #refused}); the initiator's suite stops there. */
    public boolean refusedByTarget() {
        return outcome == Outcome.SKIPPED && facts.containsKey(REFUSED);
    }

    /** The target refused because another initiator held it. */
    public boolean targetBusy() {
        return refusedByTarget() && BUSY.equals(facts.get(REFUSED));
    }

    public static BurstResult notRun(String peer, BurstPlan plan, Outcome outcome, String reason, Instant at) {
        return new BurstResult(peer, plan.phase(), plan.set(), outcome, reason, 0, 0, Duration.ZERO, false, at, Map.of());
    }

    static BurstResult failed(String peer, BurstPlan plan, String reason, Duration took, Instant at) {
        return new BurstResult(peer, plan.phase(), plan.set(), Outcome.FAIL, reason, 0, 0, took, false, at, Map.of());
    }
}
