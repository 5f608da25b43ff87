package io.fabrichealth.probes.pingpong;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One run's statistics against one peer, with rds-stress's meanings: messages sent per second, bytes of requests
 * and acks per second, RDMA bytes per second (rw+rr, 0 unless an RDMA path ran), microseconds spent in each send
 * call, RTT percentiles in microseconds, and counts. Lost: no ack within the ack timeout; late: an ack that came
 * after its request was counted lost; congestion: sends refused by a full queue (RDS ENOBUFS, libfabric EAGAIN),
 * after which the sender waited for acks.
 *
 * @param rttMeanMicros rds-stress's rtt us: the average round trip
 * @param perSecond     rds-stress's per-second lines (whole seconds of the active tasks; empty for loop transports,
 *                      which report totals only)
 */
public record PingPongStats(double seconds, long sent, long acked, long lost, long late, long congestion,
        long malformed, long corruptions, double txPerSecond, double txRxBytesPerSecond, double rwRrBytesPerSecond,
        double txMicrosPerSend, double rttMinMicros, double rttP50Micros, double rttP99Micros, double rttMaxMicros,
        double rttMeanMicros, Map<String, Long> malformedByKind, List<Second> perSecond) {

    /** -1 RTTs: nothing was acked. */
    public static final PingPongStats NONE = new PingPongStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1,
            -1, Map.of(), List.of());

    public PingPongStats {
        perSecond = List.copyOf(perSecond);
    }

    static PingPongStats of(TaskStats t, long nanos, long rdmaBytes) {
        return of(t, nanos, rdmaBytes, List.of());
    }

    static PingPongStats of(TaskStats t, long nanos, long rdmaBytes, List<Second> perSecond) {
        double s = nanos / 1e9;
        long rtts = t.rtt.getTotalCount();
        boolean any = rtts > 0;
        // Exact from the task's sum; a loop transport hands over only its histogram.
        double mean = !any ? -1 : t.rttNanos > 0 ? t.rttNanos / 1e3 / rtts : t.rtt.getMean() / 1e3;
        Map<String, Long> kinds = new LinkedHashMap<>();
        for (HeaderProblem p : HeaderProblem.values()) {
            if (t.malformed[p.ordinal()] > 0) {
                kinds.put(p.text(), t.malformed[p.ordinal()]);
            }
        }
        return new PingPongStats(s, t.sent, t.acked, t.lost, t.late, t.congestion, t.malformedTotal(), t.corrupt,
                s > 0 ? t.sent / s : 0, s > 0 ? (t.txBytes + t.rxBytes) / s : 0, s > 0 ? rdmaBytes / s : 0,
                t.sendCalls > 0 ? t.sendNanos / 1e3 / t.sendCalls : 0,
                any ? t.rtt.getMinValue() / 1e3 : -1, any ? t.rtt.getValueAtPercentile(50) / 1e3 : -1,
                any ? t.rtt.getValueAtPercentile(99) / 1e3 : -1, any ? t.rtt.getMaxValue() / 1e3 : -1, mean,
                Map.copyOf(kinds), perSecond);
    }

    /** One line, rds-stress's columns first. */
    public String line() {
        return String.format(Locale.ROOT, "tx/s %.0f, tx+rx %.1f KB/s, rw+rr %.1f KB/s, tx %.2f us/call, "
                + "rtt min/p50/p99/max %.1f/%.1f/%.1f/%.1f us, sent %d, acked %d, lost %d, late %d, congestion %d, "
                + "malformed %d, corruptions %d", txPerSecond, txRxBytesPerSecond / 1e3, rwRrBytesPerSecond / 1e3,
                txMicrosPerSend, rttMinMicros, rttP50Micros, rttP99Micros, rttMaxMicros, sent, acked, lost, late,
                congestion, malformed, corruptions);
    }
}
