package io.fabrichealth.probes.smp.engine;

import org.HdrHistogram.AbstractHistogram;

/** Round-trip times of answered MADs, in microseconds; all -1 while nothing was answered. */
public record RttSummary(long count, long minMicros, long p50Micros, long p99Micros, long maxMicros) {
    public static final RttSummary EMPTY = new RttSummary(0, -1, -1, -1, -1);

    static RttSummary of(AbstractHistogram h) {
        if (h.getTotalCount() == 0) {
            return EMPTY;
        }
        return new RttSummary(h.getTotalCount(), h.getMinValue(), h.getValueAtPercentile(50),
                h.getValueAtPercentile(99), h.getMaxValue());
    }
}
