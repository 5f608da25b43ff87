package io.fabrichealth.probes.bursts;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * One parameter set run against one peer.
 *
 * @param peer     host:port of the target
 * @param set      default, contiguous, reregister, cacheless, wait, cancel or get
 * @param reason   why it failed or is unsupported; empty when ok
 * @param bytes    payload bytes moved and verified
 * @param ops      RMA operations completed
 * @param duration from the first operation to the last verification
 * @param facts    how it ran: provider, endpoint type, segments, window, mr_mode, the FI_* environment...
 */
public record BurstResult(String peer, String set, Outcome outcome, String reason, long bytes, long ops,
        Duration duration, Instant at, Map<String, String> facts) {

    public enum Outcome {
        OK, FAIL, UNSUPPORTED, SKIPPED;

        /** ok, fail, unsupported, skipped: as the MBeans and the table print it. */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
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
    public static BurstResult refused(String peer, String set, boolean busy, String reason, Instant at) {
        return new BurstResult(peer, set, Outcome.SKIPPED, reason, 0, 0, Duration.ZERO, at,
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

    public static BurstResult notRun(String peer, String set, Outcome outcome, String reason, Instant at) {
        return new BurstResult(peer, set, outcome, reason, 0, 0, Duration.ZERO, at, Map.of());
    }
}
