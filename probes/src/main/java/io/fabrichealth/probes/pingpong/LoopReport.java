package io.fabrichealth.probes.pingpong;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the active side of a loop transport measured.
 *
 * @param iterations  loops started
 * @param completed   loops that finished (validated or found corrupt)
 * @param lost        loops that timed out
 * @param rttNanos    one value per completed loop
 * @param sendCalls   post-send calls, and {@code sendNanos} spent in them
 * @param counters    transport counters in their tool's names (krping: send_bytes, recv_msgs, ...)
 * @param failure     why the loop stopped early, or null
 */
public record LoopReport(long iterations, long completed, long lost, long corrupt, long verifiedBytes,
        Histogram rttNanos, long sendCalls, long sendNanos, long txBytes, long rxBytes, long nanos,
        Map<String, Long> counters, String transportInUse, String failure) {
}
