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

    public static BurstResult notRun(String peer, String set, Outcome outcome, String reason, Instant at) {
        return new BurstResult(peer, set, outcome, reason, 0, 0, Duration.ZERO, at, Map.of());
    }
}
